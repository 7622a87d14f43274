/**
 * Hands a downloaded file to the browser as a download (the export's CSV): the API needs the bearer
 * token, so a plain link cannot fetch it; the answer is read, then saved under its name.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download; the address is released once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
