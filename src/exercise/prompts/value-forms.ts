/** Whether a supplied value shows in rendered text: verbatim, JSON-escaped, HTML-escaped or URL-encoded. */
export function valueForms(value: string): string[] {
  const html = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return [value, JSON.stringify(value).slice(1, -1), html, encodeURIComponent(value)];
}

export function valueAppears(text: string, value: string): boolean {
  return valueForms(value).some((form) => text.includes(form));
}

/** How often `needle` occurs verbatim in `text`, without overlaps; an empty needle never does. */
export function occurrences(text: string, needle: string): number {
  if (needle === '') return 0;
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}
