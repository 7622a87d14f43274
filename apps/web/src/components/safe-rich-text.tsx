import { Fragment, type ReactNode } from 'react';

/** The only markup a message may carry (the admin editor offers bold and italic). */
const ALLOWED_TAGS = new Set(['b', 'strong', 'i', 'em', 'p', 'br']);

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const tag = (node as Element).tagName.toLowerCase();
  const children = Array.from(node.childNodes, (child, index) => toReact(child, index));
  if (tag === 'br') return <br key={key} />;
  // Unknown tags are dropped but their text is kept; attributes are never copied.
  if (!ALLOWED_TAGS.has(tag)) return <Fragment key={key}>{children}</Fragment>;
  const Tag = tag as 'b' | 'strong' | 'i' | 'em' | 'p';
  return <Tag key={key}>{children}</Tag>;
}

/**
 * Drops every attribute from every tag before the markup is parsed. Only tag names are ever kept, and an
 * inert document still checks inline event handlers against the page's CSP: parsing `onerror=…` would report
 * a (blocked) violation. A quoted '>' ends the match early; what follows it is then plain text.
 */
export function withoutAttributes(html: string): string {
  return html.replace(/<(\/?[a-zA-Z][a-zA-Z0-9-]*)[^>]*>/g, '<$1>');
}

function parseInert(html: string): Document {
  return new DOMParser().parseFromString(withoutAttributes(html), 'text/html');
}

/** Plain text of a message that may hold simple markup. */
export function richTextToPlain(html: string): string {
  const doc = parseInert(html);
  const blocks = Array.from(doc.body.querySelectorAll('p, br'));
  for (const block of blocks) block.after(' ');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Renders a message as React nodes keeping only b/strong/i/em/p/br: the markup is parsed into an inert
 * document and rebuilt element by element, never injected as HTML.
 */
export function SafeRichText({ html }: { html: string }) {
  const doc = parseInert(html);
  return <>{Array.from(doc.body.childNodes, (child, index) => toReact(child, index))}</>;
}
