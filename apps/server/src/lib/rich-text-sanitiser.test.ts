import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text-sanitiser';

describe('sanitizeRichText', () => {
  it('keeps bold, italic, paragraphs and line breaks', () => {
    const html = '<p><b>Negrito</b>, <strong>forte</strong>, <i>itálico</i>, <em>ênfase</em><br>fim</p>';
    expect(sanitizeRichText(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('drops scripts with their contents, event handlers, links and every attribute', () => {
    expect(
      sanitizeRichText(
        '<p class="x" style="color:red"><b onclick="x()">a</b><script>alert(1)</script>' +
          '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">link</a>' +
          '<iframe srcdoc="<script>parent.x=1</script>"></iframe><svg onload=alert(4)></svg></p>',
      ),
    ).toBe('<p><b>a</b>link</p>');
  });

  it('escapes text that only looks like markup, and closes what is left open', () => {
    expect(sanitizeRichText('1 < 2 & "x" <b>aberto')).toBe('1 &lt; 2 &amp; "x" <b>aberto</b>');
    expect(sanitizeRichText('"><svg onload=alert(1)>')).toBe('"&gt;');
    expect(sanitizeRichText('<<script>script>alert(1)<</script>/script>')).not.toMatch(/<script/i);
  });

  it('leaves nothing of markup that is only payload', () => {
    expect(sanitizeRichText('<style>body{}</style><script>x</script>')).toBe('');
  });
});
