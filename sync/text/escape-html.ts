/** The one escape for text and attribute values in HTML Quire writes (pages' head tags, mail, imports, the printed book). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
