/**
 * The recovery codes as a text file (issue 29: "downloadable as a text file"): what the codes
 * are for, then one code a line, so a person can print it or keep it with their passwords.
 */
export function recoveryCodesText(header: string, codes: readonly string[]): string {
  return [header, '', ...codes, ''].join('\n');
}

/** The file's name: the product's name as a file name would have it, `netpulse-recovery-codes.txt`. */
export function recoveryCodesFileName(productName: string): string {
  const slug = productName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'account'}-recovery-codes.txt`;
}
