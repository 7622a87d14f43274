import { CUSTOMER_PAGE_MESSAGES as M } from '@panel/shared/customer-page/customer-page-messages';
import { useEffect, useState } from 'preact/hooks';

/** Copies `text`; where the clipboard API is refused (an insecure origin, an old browser), selects it. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

export function CopyButton({ text, what, testId }: { text: string; what: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      class="secondary"
      aria-label={copied ? M.copied : M.copyLabel(what)}
      data-testid={testId}
      onClick={() => void copyText(text).then(() => setCopied(true))}
    >
      {copied ? M.copied : M.copy}
    </button>
  );
}
