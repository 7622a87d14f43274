import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { richTextToPlain, SafeRichText, withoutAttributes } from './safe-rich-text';

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
      <SafeRichText html={'<p>Olá <b onclick="x()">mundo</b> <img src=x onerror="alert(1)"><i>!</i></p>'} />,
    );
    expect(container.innerHTML).toBe('<p>Olá <b>mundo</b> <i>!</i></p>');
  });

  it('turns markup into plain text', () => {
    expect(richTextToPlain('<p>Aviso</p><p><b>importante</b><script>x()</script></p>')).toBe(
      'Aviso importantex()',
    );
  });
});
