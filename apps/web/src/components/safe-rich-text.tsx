import { Fragment, type ReactNode } from 'react';
import { RICH_TEXT_TAGS, type RichTextTag } from '@panel/shared/rich-text/rich-text';

/** The only markup a message may carry (decision 0059); the server's sanitiser keeps the same tags. */
const ALLOWED_TAGS: ReadonlySet<string> = new Set(RICH_TEXT_TAGS);
/** Tags whose content is code or raw text, not words: dropped whole, as the server's sanitiser does. */
const DROPPED_TAGS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'iframe',
  'noscript',
  'template',
  'textarea',
  'title',
]);

function isDropped(node: Node): boolean {
  return node.nodeType === Node.ELEMENT_NODE && DROPPED_TAGS.has((node as Element).tagName.toLowerCase());
}

/**
 * Drops every attribute from every tag before the markup is parsed. Only tag names are ever kept, and an
 * inert document still checks inline event handlers against the page's CSP: parsing `onerror=…` would report
 * a (blocked) violation. A quoted '>' ends the match early; what follows it is then plain text.
 */
export function withoutAttributes(html: string): string {
  return html.replace(/<(\/?[a-zA-Z][a-zA-Z0-9-]*)[^>]*>/g, '<$1>');
}

function parseInert(html: string): Node[] {
  const doc = new DOMParser().parseFromString(withoutAttributes(html), 'text/html');
  return Array.from(doc.body.childNodes);
}

function textLength(node: Node): number {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent?.length ?? 0;
  if (isDropped(node)) return 0;
  return Array.from(node.childNodes).reduce((sum, child) => sum + textLength(child), 0);
}

/** How many characters of text a message holds: markup does not count (the 120-character cut is on text). */
export function richTextLength(html: string): number {
  return parseInert(html).reduce((sum, node) => sum + textLength(node), 0);
}

/** Characters of text still to show; null: all of them. */
interface Budget {
  left: number | null;
}

function toReact(node: Node, key: number, budget: Budget): ReactNode {
  if (budget.left !== null && budget.left <= 0) return null;
  if (node.nodeType === Node.TEXT_NODE) {
    const text = node.textContent ?? '';
    if (budget.left === null) return text;
    if (text.length <= budget.left) {
      budget.left -= text.length;
      return text;
    }
    const cut = `${text.slice(0, budget.left)}...`;
    budget.left = 0;
    return cut;
  }
  if (node.nodeType !== Node.ELEMENT_NODE || isDropped(node)) return null;
  const tag = (node as Element).tagName.toLowerCase();
  if (tag === 'br') return <br key={key} />;
  const children = Array.from(node.childNodes, (child, index) => toReact(child, index, budget));
  // Unknown tags are dropped but their text is kept; attributes are never copied.
  if (!ALLOWED_TAGS.has(tag)) return <Fragment key={key}>{children}</Fragment>;
  const Tag = tag as Exclude<RichTextTag, 'br'>;
  return <Tag key={key}>{children}</Tag>;
}

/**
 * Renders a message as React nodes keeping only b/strong/i/em/p/br: the markup is parsed into an inert
 * document and rebuilt element by element, never injected as HTML. With `limit`, the text stops after that
 * many characters with '...', keeping the formatting of what is shown.
 */
export function SafeRichText({ html, limit }: { html: string; limit?: number }) {
  const budget: Budget = { left: limit ?? null };
  return <>{parseInert(html).map((child, index) => toReact(child, index, budget))}</>;
}
