/** Whether a supplied value shows in rendered text: verbatim, JSON-escaped, HTML-escaped or URL-encoded. */
export function valueForms(value: string): string[] {
  const html = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return [value, JSON.stringify(value).slice(1, -1), html, encodeURIComponent(value)];
}

export function valueAppears(text: string, value: string): boolean {
  return valueForms(value).some((form) => text.includes(form));
}
