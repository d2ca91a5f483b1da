import { CONFIRMATION_TTL_HOURS, formatMoney, type EmailModels, type EmailType } from '@mirror/contract';
import { escapeHtml } from '../../lib/html';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const BRAND = 'Mirror';
const INK = '#14110f';
const IVORY = '#f7f3ee';
const GOLD = '#a8865a';
const MUTED = '#6f665d';
const SERIF = "'Didot', 'Bodoni 72', 'Playfair Display', Georgia, 'Times New Roman', serif";
const SANS = "'Helvetica Neue', Helvetica, Arial, sans-serif";

export { escapeHtml };

/** One line, no control characters: a subject can never start a new header. */
export function subjectLine(value: string): string {
  return value
    .replace(/[\r\n\u0085\u2028\u2029]+/g, ' ')
    .split('')
    .filter((c) => c > '\u001f' && c !== '\u007f')
    .join('')
    .replace(/\s{2,}/g, ' ')
    .trim()
    .slice(0, 180);
}

/** The house's one money format, the same as the site's ('€12,500', cents only when there are some). */
export { formatMoney };

type Row = [label: string, value: string | undefined];

interface Layout {
  preheader: string;
  eyebrow: string;
  heading: string;
  paragraphs: string[];
  rows?: Row[];
  /** A free-text message from a person, shown quoted with its line breaks. */
  quote?: { label: string; text: string } | undefined;
  table?: { head: string[]; body: string[][]; foot?: string[] } | undefined;
  list?: { label: string; items: string[] } | undefined;
  /** One button to a page of the house's own site (a server-built link, never a visitor's). */
  action?: { label: string; href: string; note?: string } | undefined;
  /** A paragraph after the action. */
  after?: string | undefined;
  closing: string;
}

const para = (text: string) =>
  `<p style="margin:0 0 16px;font-family:${SANS};font-size:15px;line-height:1.65;color:${INK};">${escapeHtml(text)}</p>`;

function renderHtml(l: Layout): string {
  const rows = (l.rows ?? []).filter((r): r is [string, string] => !!r[1]);
  const rowsHtml = rows.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;border-top:1px solid #e4dccf;">${rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:10px 12px 10px 0;border-bottom:1px solid #e4dccf;font-family:${SANS};font-size:11px;letter-spacing:.14em;text-transform:uppercase;color:${MUTED};width:38%;vertical-align:top;">${escapeHtml(label)}</td>` +
            `<td style="padding:10px 0;border-bottom:1px solid #e4dccf;font-family:${SANS};font-size:15px;color:${INK};vertical-align:top;">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const quoteHtml = l.quote
    ? `<p style="margin:0 0 8px;font-family:${SANS};font-size:11px;letter-spacing:.14em;text-transform:uppercase;color:${MUTED};">${escapeHtml(l.quote.label)}</p>` +
      `<blockquote style="margin:0 0 24px;padding:4px 0 4px 18px;border-left:2px solid ${GOLD};font-family:${SERIF};font-size:17px;line-height:1.6;font-style:italic;color:${INK};">${escapeHtml(l.quote.text).replace(/\r?\n/g, '<br>')}</blockquote>`
    : '';
  const cell = (v: string, i: number, tag: 'td' | 'th') =>
    `<${tag} style="padding:10px 0;border-bottom:1px solid #e4dccf;font-family:${SANS};font-size:${tag === 'th' ? '11px;letter-spacing:.14em;text-transform:uppercase;color:' + MUTED : '14px;color:' + INK};text-align:${i === 0 ? 'left' : 'right'};font-weight:normal;">${escapeHtml(v)}</${tag}>`;
  const tableHtml = l.table
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;">` +
      `<tr>${l.table.head.map((h, i) => cell(h, i, 'th')).join('')}</tr>` +
      l.table.body.map((r) => `<tr>${r.map((v, i) => cell(v, i, 'td')).join('')}</tr>`).join('') +
      (l.table.foot
        ? `<tr>${l.table.foot.map((v, i) => `<td style="padding:14px 0 0;font-family:${SERIF};font-size:18px;color:${INK};text-align:${i === 0 ? 'left' : 'right'};">${escapeHtml(v)}</td>`).join('')}</tr>`
        : '') +
      `</table>`
    : '';
  const listHtml = l.list?.items.length
    ? `<p style="margin:0 0 8px;font-family:${SANS};font-size:11px;letter-spacing:.14em;text-transform:uppercase;color:${MUTED};">${escapeHtml(l.list.label)}</p>` +
      `<ul style="margin:0 0 24px;padding-left:18px;font-family:${SANS};font-size:14px;line-height:1.6;color:${INK};">${l.list.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`
    : '';

  const actionHtml = l.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 20px;"><tr><td style="background:${INK};">` +
      `<a href="${escapeHtml(l.action.href)}" style="display:inline-block;padding:14px 30px;font-family:${SANS};font-size:12px;letter-spacing:.2em;text-transform:uppercase;color:${IVORY};text-decoration:none;">${escapeHtml(l.action.label)}</a>` +
      `</td></tr></table>` +
      `<p style="margin:0 0 24px;font-family:${SANS};font-size:12px;line-height:1.6;color:${MUTED};">${escapeHtml(l.action.note ?? 'If the button does not work, copy this address into your browser:')}<br><span style="color:${INK};word-break:break-all;">${escapeHtml(l.action.href)}</span></p>`
    : '';

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(l.heading)}</title>
</head>
<body style="margin:0;padding:0;background:${IVORY};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(l.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${IVORY};">
<tr><td align="center" style="padding:40px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid #e4dccf;">
<tr><td align="center" style="padding:36px 40px 28px;border-bottom:1px solid ${GOLD};">
<div style="font-family:${SERIF};font-size:28px;letter-spacing:.42em;color:${INK};padding-left:.42em;">${BRAND.toUpperCase()}</div>
<div style="margin-top:8px;font-family:${SANS};font-size:10px;letter-spacing:.32em;text-transform:uppercase;color:${GOLD};">Haute Joaillerie</div>
</td></tr>
<tr><td style="padding:36px 40px 12px;">
<p style="margin:0 0 10px;font-family:${SANS};font-size:11px;letter-spacing:.2em;text-transform:uppercase;color:${GOLD};">${escapeHtml(l.eyebrow)}</p>
<h1 style="margin:0 0 24px;font-family:${SERIF};font-size:26px;line-height:1.3;font-weight:normal;color:${INK};">${escapeHtml(l.heading)}</h1>
${l.paragraphs.map(para).join('\n')}
${rowsHtml}${tableHtml}${quoteHtml}${listHtml}${actionHtml}${l.after ? para(l.after) : ''}
${para(l.closing)}
<p style="margin:0 0 28px;font-family:${SERIF};font-size:16px;font-style:italic;color:${INK};">The ${BRAND} Maison</p>
</td></tr>
<tr><td align="center" style="padding:22px 40px 30px;background:${INK};">
<p style="margin:0;font-family:${SANS};font-size:10px;letter-spacing:.24em;text-transform:uppercase;color:#d9c7a7;">${BRAND} · Diamonds &amp; High Jewellery</p>
<p style="margin:8px 0 0;font-family:${SANS};font-size:11px;line-height:1.6;color:#9d9489;">You receive this message because of a request made on our website.</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

function renderText(l: Layout): string {
  const out: string[] = [BRAND.toUpperCase(), 'Haute Joaillerie', '', l.heading, '='.repeat(Math.min(l.heading.length, 60)), ''];
  for (const p of l.paragraphs) out.push(p, '');
  const rows = (l.rows ?? []).filter((r): r is [string, string] => !!r[1]);
  for (const [label, value] of rows) out.push(`${label}: ${value}`);
  if (rows.length) out.push('');
  if (l.table) {
    for (const r of l.table.body) out.push(r.join('  ·  '));
    if (l.table.foot) out.push(l.table.foot.join('  ·  '));
    out.push('');
  }
  if (l.quote) out.push(`${l.quote.label}:`, ...l.quote.text.split(/\r?\n/).map((line) => `> ${line}`), '');
  if (l.list?.items.length) out.push(`${l.list.label}:`, ...l.list.items.map((i) => `- ${i}`), '');
  if (l.action) out.push(`${l.action.label}:`, l.action.href, '');
  if (l.after) out.push(l.after, '');
  out.push(l.closing, '', `The ${BRAND} Maison`, '', '--', `${BRAND} · Diamonds & High Jewellery`);
  return out.join('\n');
}

const dateLabel = (iso: string | undefined) =>
  iso ? new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso)) : undefined;

type Renderer<K extends EmailType> = (model: EmailModels[K]) => { subject: string; layout: Layout };

const RENDERERS: { [K in EmailType]: Renderer<K> } = {
  JEWELRY_WEEK_SUBMISSION: (m) => ({
    subject: `Jewelry Week submission — ${m.brandName ?? m.name}`,
    layout: {
      preheader: `${m.name} has submitted work for Mirror Jewelry Week.`,
      eyebrow: 'Jewelry Week · Submission',
      heading: `A new submission from ${m.brandName ?? m.name}`,
      paragraphs: ['A designer has submitted their work for Mirror Jewelry Week. The details follow.'],
      rows: [
        ['Name', m.name],
        ['Email', m.email],
        ['Phone', m.phone],
        ['Brand', m.brandName],
        ['Country', m.country],
        ['Website', m.website],
        ['Instagram', m.instagram],
        ['Collection', m.collectionTitle],
      ],
      quote: m.message ? { label: 'Statement', text: m.message } : undefined,
      list: m.files?.length ? { label: 'Files', items: m.files.map((f) => (f.name ? `${f.name} — ${f.url}` : f.url)) } : undefined,
      closing: 'Please review the submission and reply to the designer directly.',
    },
  }),
  // A fixed text: it goes to whatever address a visitor typed, so nothing the visitor wrote (name, brand,
  // title, links) appears in it (issue 14, finding 4). The model stays in the outbox for the house.
  JEWELRY_WEEK_CONFIRMATION: () => ({
    subject: 'Your Mirror Jewelry Week submission',
    layout: {
      preheader: 'Thank you — your submission has reached our curators.',
      eyebrow: 'Jewelry Week',
      heading: 'Thank you',
      paragraphs: [
        'Your submission for Mirror Jewelry Week has reached our curators.',
        'Each piece is considered with the attention it deserves. We will write to you once the selection has been made.',
        'If you did not submit work to the Maison, no action is needed: you will not hear from us again about it.',
      ],
      closing: 'With our warmest regards,',
    },
  }),
  CONTACT_MESSAGE: (m) => ({
    subject: `Message from ${m.name}${m.subject ? `: ${m.subject}` : ''}`,
    layout: {
      preheader: `${m.name} wrote through the contact form.`,
      eyebrow: 'Client message',
      heading: m.subject ?? `A message from ${m.name}`,
      paragraphs: [`${m.name} has written to the Maison through the contact form.`],
      rows: [
        ['Name', m.name],
        ['Email', m.email],
        ['Phone', m.phone],
      ],
      quote: { label: 'Message', text: m.message },
      closing: 'Please answer within one business day.',
    },
  }),
  APPOINTMENT_REQUEST: (m) => ({
    subject: `Appointment request — ${m.name}${m.location ? ` · ${m.location}` : ''}`,
    layout: {
      preheader: `${m.name} would like to visit${m.location ? ` ${m.location}` : ''}.`,
      eyebrow: 'Private appointment',
      heading: `An appointment request from ${m.name}`,
      paragraphs: ['A client would like to be received by the Maison.'],
      rows: [
        ['Name', m.name],
        ['Email', m.email],
        ['Phone', m.phone],
        ['Boutique', m.location],
        ['Service', m.service],
        ['Preferred date', m.preferredDate ? dateLabel(m.preferredDate) : undefined],
        ['Preferred time', m.preferredTime],
      ],
      quote: m.message ? { label: 'Message', text: m.message } : undefined,
      closing: 'Please confirm the appointment with the client.',
    },
  }),
  ORDER_CONFIRMATION: (m) => ({
    subject: `Your Mirror order ${m.orderNumber}`,
    layout: {
      preheader: `Order ${m.orderNumber} is confirmed.`,
      eyebrow: `Order ${m.orderNumber}`,
      heading: `Thank you, ${m.customerName}`,
      paragraphs: ['Your order has been received and is now in the hands of our ateliers. A summary follows.'],
      table: {
        head: ['Piece', 'Qty', 'Price'],
        body: m.items.map((i) => [
          i.sku ? `${i.name} (${i.sku})` : i.name,
          String(i.quantity),
          formatMoney(i.unitPrice * i.quantity, m.currency),
        ]),
        foot: ['Total', '', formatMoney(m.total, m.currency)],
      },
      quote: m.message ? { label: 'Note', text: m.message } : undefined,
      closing: 'We will keep you informed at every step, until the piece is in your hands.',
    },
  }),
  PAYMENT_RECEIPT: (m) => ({
    subject: `Payment received — order ${m.orderNumber}`,
    layout: {
      preheader: `We have received ${formatMoney(m.amount, m.currency)} for order ${m.orderNumber}.`,
      eyebrow: `Order ${m.orderNumber} · Receipt`,
      heading: `Payment received, ${m.customerName}`,
      paragraphs: ['We confirm receipt of the following payment.'],
      rows: [
        ['Amount', formatMoney(m.amount, m.currency)],
        ['Method', m.method],
        ['Reference', m.reference],
        ['Date', dateLabel(m.paidAt)],
        ['Remaining balance', m.remaining !== undefined ? formatMoney(m.remaining, m.currency) : undefined],
      ],
      closing: 'Please keep this receipt for your records.',
    },
  }),
  // No link and nothing the curator typed: only the designer's own name and title, escaped like every value.
  JEWELRY_WEEK_DECISION: (m) => {
    const work = m.collectionTitle ? `your collection “${m.collectionTitle}”` : 'your work';
    if (m.decision === 'SELECTED') {
      return {
        subject: 'Mirror in Milan — your work has been selected',
        layout: {
          preheader: 'Our curators have selected your work for Mirror in Milan.',
          eyebrow: 'Jewelry Week · Selection',
          heading: `Congratulations, ${m.name}`,
          paragraphs: [
            `We are delighted to tell you that ${work} has been selected for Mirror in Milan, the Maison’s Digital Jewelry Week.`,
            'Our curators will write to you shortly about what comes next: how your pieces will be presented, the calendar and the practical details.',
          ],
          closing: 'With our warmest congratulations,',
        },
      };
    }
    return {
      subject: 'Your Mirror in Milan submission',
      layout: {
        preheader: 'The curators’ answer to your Jewelry Week submission.',
        eyebrow: 'Jewelry Week',
        heading: `Thank you, ${m.name}`,
        paragraphs: [
          `Thank you for submitting ${work} to Mirror in Milan, the Maison’s Digital Jewelry Week. Our curators considered every submission with care.`,
          'We regret that we cannot include your work in this edition. The selection is small, and the choice was a difficult one.',
          'We hope you will submit again for a future edition.',
        ],
        closing: 'With our sincere regards,',
      },
    };
  },
  // Account notices go to an account's address, or to an address someone typed (ALREADY_REGISTERED and
  // CONFIRM_*): those carry nothing typed by the person who caused them, only the house's own link.
  ACCOUNT_NOTICE: (m) => {
    const ignore = 'If this was not you, no action is needed: nothing has changed.';
    const confirmAction = (label: string) => (m.link ? { label, href: m.link } : undefined);
    switch (m.notice) {
      case 'CONFIRM_REGISTRATION':
        return {
          subject: 'Confirm your email address',
          layout: {
            preheader: 'One step remains before your Mirror account is ready.',
            eyebrow: 'Your account',
            heading: 'Confirm your email address',
            paragraphs: [
              'Someone, we hope you, asked to create a Mirror account with this email address. To finish, confirm that the address is yours.',
              `The link works once, for ${CONFIRMATION_TTL_HOURS} hours. Your account is created when you open it.`,
            ],
            action: confirmAction('Confirm my address'),
            after: 'If you did not ask for an account, no action is needed: without your confirmation, nothing is created.',
            closing: 'With our warmest regards,',
          },
        };
      case 'CONFIRM_EMAIL_CHANGE':
        return {
          subject: 'Confirm your new email address',
          layout: {
            preheader: 'Confirm this address to use it for your Mirror account.',
            eyebrow: 'Your account · Security',
            heading: 'Confirm your new address',
            paragraphs: [
              'A Mirror account asked to use this email address from now on. To make the change, confirm that the address is yours.',
              `The link works once, for ${CONFIRMATION_TTL_HOURS} hours. Until you open it, the account keeps its current address.`,
            ],
            action: confirmAction('Confirm this address'),
            after: 'If you did not ask for this, no action is needed: nothing will change.',
            closing: 'With our warmest regards,',
          },
        };
      case 'WELCOME':
        return {
          subject: 'Welcome to Mirror',
          layout: {
            preheader: 'Your Mirror account is ready.',
            eyebrow: 'Your account',
            heading: 'Welcome to the Maison',
            paragraphs: [
              'Your address is confirmed and your account is ready. Sign in on our website to follow your orders, appointments and favourite pieces.',
              'If you did not create this account, please write to us and we will close it.',
            ],
            rows: [['Username', m.username]],
            closing: 'With our warmest regards,',
          },
        };
      case 'ALREADY_REGISTERED':
        return {
          subject: 'Your Mirror account',
          layout: {
            preheader: 'Someone asked to create an account with this address.',
            eyebrow: 'Your account',
            heading: 'You already have an account',
            paragraphs: [
              'Someone, perhaps you, asked to create a Mirror account with this email address. An account with ' +
                'this address already exists, so no new account was created.',
              'If it was you, sign in with your existing username. If you no longer know your password, please write to us.',
              ignore,
            ],
            closing: 'With our warmest regards,',
          },
        };
      case 'EMAIL_CHANGE_REQUESTED':
        return {
          subject: 'A new email address was requested for your Mirror account',
          layout: {
            preheader: 'Your account asked to use another email address.',
            eyebrow: 'Your account · Security',
            heading: 'A change of address was requested',
            paragraphs: [
              'Someone signed in to your Mirror account, with its password, asked to use a new email address. ' +
                'Nothing changes until the new address is confirmed from the link we sent to it; we will tell you ' +
                'here when it does.',
              'If you did not ask for this, change your password and write to us at once: we will secure your account.',
            ],
            rows: [
              ['Username', m.username],
              ['New address', m.newEmail],
            ],
            closing: 'With our warmest regards,',
          },
        };
      case 'EMAIL_CHANGED':
        return {
          subject: 'The email address of your Mirror account has changed',
          layout: {
            preheader: 'Your account now uses another email address.',
            eyebrow: 'Your account · Security',
            heading: 'Your email address has changed',
            paragraphs: [
              'The email address of your Mirror account was changed. From now on we will write to the new address.',
              'If you did not make this change, please write to us at once: we will secure your account.',
            ],
            rows: [
              ['Username', m.username],
              ['New address', m.newEmail],
            ],
            closing: 'With our warmest regards,',
          },
        };
      case 'PASSWORD_CHANGED':
        return {
          subject: 'The password of your Mirror account has changed',
          layout: {
            preheader: 'Your password was changed and every session was signed out.',
            eyebrow: 'Your account · Security',
            heading: 'Your password has changed',
            paragraphs: [
              'The password of your Mirror account was changed, and every device signed in to it was signed out.',
              'If you did not make this change, please write to us at once: we will secure your account.',
            ],
            rows: [['Username', m.username]],
            closing: 'With our warmest regards,',
          },
        };
    }
  },
  // Fixed texts, like the jewelry-week acknowledgement: nothing the visitor typed (issue 14, finding 4).
  VISITOR_ACKNOWLEDGEMENT: (m) =>
    m.form === 'APPOINTMENT'
      ? {
          subject: 'Your appointment request to Mirror',
          layout: {
            preheader: 'Thank you — your request has reached the Maison.',
            eyebrow: 'Private appointment',
            heading: 'Thank you',
            paragraphs: [
              'Your request for an appointment has reached the Maison.',
              'The boutique will write to you within one working day to confirm the date and time. Nothing is booked until then.',
              'If you did not ask for an appointment, no action is needed: you will not hear from us again about it.',
            ],
            closing: 'With our warmest regards,',
          },
        }
      : {
          subject: 'Your message to Mirror',
          layout: {
            preheader: 'Thank you — your message has reached the Maison.',
            eyebrow: 'Client relations',
            heading: 'Thank you',
            paragraphs: [
              'Your message has reached the Maison.',
              'Our concierge will answer you personally within one working day.',
              'If you did not write to the Maison, no action is needed: you will not hear from us again about it.',
            ],
            closing: 'With our warmest regards,',
          },
        },
};

/** Subject, HTML and text of an email; every model value is escaped (HTML) or kept on its line (subject). */
export function renderEmail<K extends EmailType>(emailType: K, model: EmailModels[K]): RenderedEmail {
  const { subject, layout } = (RENDERERS[emailType] as Renderer<K>)(model);
  return { subject: subjectLine(subject), html: renderHtml(layout), text: renderText(layout) };
}
