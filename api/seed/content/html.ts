/**
 * Tiny builders for the seed's rich-text bodies. Only the tags the front-ends render are produced
 * (h2, p, ul, ol, li, strong, em, blockquote, br), never with attributes. Inline text may carry
 * `<strong>`/`<em>` markup written by hand.
 */

export const h2 = (text: string): string => `<h2>${text}</h2>`;

export const p = (text: string): string => `<p>${text}</p>`;

export const ul = (items: readonly string[]): string => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;

export const ol = (items: readonly string[]): string => `<ol>${items.map((item) => `<li>${item}</li>`).join('')}</ol>`;

export const quote = (text: string): string => `<blockquote>${text}</blockquote>`;

export const html = (...parts: readonly string[]): string => parts.join('');
