import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@dealflow/service-kit/testing';
import { Topics, type TEventPayload } from '@dealflow/contracts';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { addMember, registerOwner } from '../test/factories/user.factory.js';

// Issue 23 item 3: a comment on a deal that @mentions members emails them, per their notification settings.
let h: TIdentityTest;

beforeAll(async () => {
  h = await startIdentity({}, { broker: true });
}, 90_000);

afterAll(async () => {
  await h?.stop();
});

const mailTo = async (to: string, subject: RegExp) =>
  (await h.readOutbox()).filter((m) => m.to === to && subject.test(m.subject));

describe('mention emails', () => {
  it('emails each mentioned member who has mentions on, never the author, a member who turned it off or a stranger', async () => {
    const owner = await registerOwner(h);
    const member = await addMember(h, owner);
    const quiet = await addMember(h, owner);
    const stranger = await registerOwner(h);
    const off = await h.app.inject({
      method: 'PATCH',
      url: '/api/settings/notifications',
      headers: quiet.auth,
      payload: { emailOnMention: false },
    });
    expect(off.json()).toMatchObject({ emailOnMention: false });
    const orgId = owner.organization!.id;

    const comment: TEventPayload<typeof Topics.commentCreated> = {
      orgId,
      dealId: '42',
      commentId: '7',
      authorId: owner.user.id,
      companyName: 'Orbital <Labs>',
      text: '@member can you take the <b>call</b>?',
      mentions: [member.user.id, quiet.user.id, stranger.user.id, owner.user.id],
      dealUrl: 'https://app.example/processed-emails?deal=42',
    };
    await h.bus!.publish(Topics.commentCreated, comment, { orgId });

    const subject = /mentioned you on Orbital <Labs>$/;
    await waitFor(async () => (await mailTo(member.user.email, subject)).length > 0, { timeoutMs: 30_000 });
    const [mail] = await mailTo(member.user.email, subject);
    expect(mail!.subject).toBe(`${owner.user.name} mentioned you on Orbital <Labs>`);
    expect(mail!.text).toContain('@member can you take the <b>call</b>?');
    expect(mail!.text).toContain('/deals?deal=42');
    expect(mail!.text).toContain('/unsubscribe?token=');
    // The comment is text in the HTML part, never markup.
    expect(mail!.html).toContain('&lt;b&gt;call&lt;/b&gt;');
    expect(mail!.html).not.toContain('<b>call</b>');

    // Nobody else: the author, the member who turned mentions off, another organization's user.
    const all = await h.readOutbox();
    for (const who of [owner, quiet, stranger])
      expect(all.filter((m) => m.to === who.user.email && subject.test(m.subject))).toEqual([]);
  });
});
