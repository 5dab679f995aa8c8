/**
 * ISO 8601 date-time in extended format, `YYYY-MM-DDThh:mm[:ss[.fraction]][Z|±hh[:mm]]`, with every field in range
 * (leap days and leap seconds allowed). The basic format (`20250112T150058Z`) is refused: few parsers read it.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?:Z|[+-](\d{2})(?::(\d{2}))?)?$/;

export function isIsoDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (!match) return false;
  const field = (group: number): number => Number(match[group] ?? '0');
  const month = field(2);
  const day = field(3);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(field(1), month)) return false;
  return field(4) <= 23 && field(5) <= 59 && field(6) <= 60 && field(7) <= 23 && field(8) <= 59;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
