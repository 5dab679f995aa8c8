import { valueForms } from '../injected.js';

/** Whether a supplied value shows in rendered text: verbatim, JSON-escaped, HTML-escaped or URL-encoded. */
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
