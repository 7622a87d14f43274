/**
 * True when the text holds three consecutive ascending digits or letters, such as "123" or "abc"
 * (letters compared case-insensitively, so "aBc" counts too).
 */
export function hasAscendingSequence(text: string, length = 3): boolean {
  const lower = text.toLowerCase();
  let run = 1;
  for (let i = 1; i < lower.length; i++) {
    const previous = lower.charCodeAt(i - 1);
    const current = lower.charCodeAt(i);
    const sameClass = (isDigit(previous) && isDigit(current)) || (isLetter(previous) && isLetter(current));
    run = sameClass && current === previous + 1 ? run + 1 : 1;
    if (run >= length) return true;
  }
  return false;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isLetter(code: number): boolean {
  return code >= 97 && code <= 122;
}
