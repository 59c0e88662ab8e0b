/**
 * A forwarded email's founder is the original sender, named in the forwarded block ("---------- Forwarded message
 * ---------", "Begin forwarded message:", "-----Original Message-----"), not the person who forwarded it.
 */
const BLOCK_START =
  /^[ \t>]*(?:-{2,}\s*Forwarded message\s*-{2,}|Begin forwarded message:|-{2,}\s*Original Message\s*-{2,}|-{2,}\s*Message transféré\s*-{2,}|-{2,}\s*Weitergeleitete Nachricht\s*-{2,})/im;
const FROM = /^[ \t>]*(?:From|De|Von|Van)\s*:\s*(.+)$/im;

export interface TOriginalSender {
  name: string | null;
  email: string;
}

/** The first From: of the forwarded block, parsed as `Name <email>`, `"Name" <email>`, `email (Name)` or `email`. */
export function originalSender(emailText: string): TOriginalSender | null {
  const start = BLOCK_START.exec(emailText);
  if (!start) return null;
  const from = FROM.exec(emailText.slice(start.index));
  if (!from) return null;
  const value = from[1]!.trim();
  const email = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/.exec(value)?.[0];
  if (!email) return null;
  const name =
    value
      .replace(/<[^>]*>|\[mailto:[^\]]*\]|\([^)]*@[^)]*\)/g, '')
      .replace(email, '')
      .replace(/["'()]/g, '')
      .trim() ||
    /\(([^)@]+)\)/.exec(value)?.[1]?.trim() ||
    null;
  return { name, email: email.toLowerCase() };
}
