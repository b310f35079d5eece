/** The one escape for text and attribute values in HTML the server writes (pages' head tags, mail, imports). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
