import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { richTextLength, SafeRichText, withoutAttributes } from './safe-rich-text';

describe('SafeRichText', () => {
  it('strips every attribute before parsing, even with quotes, slashes and nested tags', () => {
    expect(withoutAttributes('<b class="x" onclick="y()">a</b>')).toBe('<b>a</b>');
    expect(withoutAttributes('<img/src=x/onerror=alert(1)>')).toBe('<img>');
    expect(withoutAttributes('<img alt=">" onerror="alert(1)">')).toBe('<img>" onerror="alert(1)">');
    expect(withoutAttributes('<p <img src=x onerror=y>ok</p>')).toBe('<p>ok</p>');
    expect(withoutAttributes('1 < 2 e <i>itálico</i>')).toBe('1 < 2 e <i>itálico</i>');
  });

  it('keeps bold and italic, drops other tags and every attribute', () => {
    const { container } = render(
      <SafeRichText
        html={
          '<p>Olá <b onclick="x()">mundo</b> <img src=x onerror="alert(1)"><i>!</i><u>sub</u></p><script>x()</script>'
        }
      />,
    );
    expect(container.innerHTML).toBe('<p>Olá <b>mundo</b> <i>!</i>sub</p>');
  });

  it('counts text, not markup', () => {
    expect(richTextLength('<p><b>Aviso</b></p><p><i>importante</i><script>x()</script></p>')).toBe(15);
  });

  it('cuts after `limit` characters of text and keeps the formatting of what is left', () => {
    const { container } = render(
      <SafeRichText html="<p><b>12345</b> <i>6789</i></p><p>depois</p>" limit={8} />,
    );
    expect(container.innerHTML).toBe('<p><b>12345</b> <i>67...</i></p>');
    const exact = render(<SafeRichText html="<p><b>12345</b></p>" limit={5} />);
    expect(exact.container.innerHTML).toBe('<p><b>12345</b></p>');
  });
});
