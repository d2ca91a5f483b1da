import { z } from 'zod';
import { pageSchema, PageQuerySchema } from './common';
import { JEWELRY_WEEK_STATEMENT_MAX } from './constants';
import { EmailSchema } from './users';

export const EMAIL_TYPES = [
  'JEWELRY_WEEK_SUBMISSION',
  'JEWELRY_WEEK_CONFIRMATION',
  'CONTACT_MESSAGE',
  'APPOINTMENT_REQUEST',
  'ORDER_CONFIRMATION',
  'PAYMENT_RECEIPT',
  'JEWELRY_WEEK_DECISION',
  'ACCOUNT_NOTICE',
  'VISITOR_ACKNOWLEDGEMENT',
] as const;
export const EmailTypeSchema = z.enum(EMAIL_TYPES);
export type EmailType = z.infer<typeof EmailTypeSchema>;

/** Types a visitor's form may send (to the brand inbox and the one submitter address in the model). */
export const PUBLIC_EMAIL_TYPES = [
  'JEWELRY_WEEK_SUBMISSION',
  'JEWELRY_WEEK_CONFIRMATION',
  'CONTACT_MESSAGE',
  'APPOINTMENT_REQUEST',
] as const satisfies readonly EmailType[];

export const EMAIL_STATUSES = ['QUEUED', 'SENT', 'FAILED'] as const;
export const EmailStatusSchema = z.enum(EMAIL_STATUSES);
export type EmailStatus = z.infer<typeof EmailStatusSchema>;

const text = (max: number) => z.string().trim().min(1, 'This field is required').max(max, `At most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).optional();
const Currency = z.string().regex(/^[A-Z]{3}$/, 'Currency must be a three-letter ISO code');
const MinorUnits = z.number().int('Amounts are integer minor units').min(0).max(1e13);

const SubmitterSchema = z.object({
  name: text(120),
  /** The submitter's address: the only outside address an anonymous caller may write to. */
  email: EmailSchema,
  phone: optionalText(40),
});

export { JEWELRY_WEEK_STATEMENT_MAX };

export const JewelryWeekModelSchema = SubmitterSchema.extend({
  brandName: optionalText(120),
  country: optionalText(80),
  website: optionalText(300),
  instagram: optionalText(80),
  collectionTitle: optionalText(160),
  /** The collection statement: a real paragraph, not an essay (decisions §62). */
  message: optionalText(JEWELRY_WEEK_STATEMENT_MAX),
  /** Files uploaded beforehand to the jewelry-week folder (URLs returned by /api/files/upload). */
  files: z
    .array(z.object({ url: text(500), name: optionalText(200) }))
    .max(20)
    .optional(),
});

export const ContactMessageModelSchema = SubmitterSchema.extend({
  subject: optionalText(150),
  message: text(5000),
});

export const AppointmentRequestModelSchema = SubmitterSchema.extend({
  location: optionalText(160),
  service: optionalText(160),
  preferredDate: z.iso.date('Use a date like 2025-06-30').optional(),
  preferredTime: optionalText(40),
  message: optionalText(5000),
});

const OrderLineModelSchema = z.object({
  name: text(200),
  sku: optionalText(80),
  quantity: z.number().int().min(1).max(10_000),
  unitPrice: MinorUnits,
});

export const OrderConfirmationModelSchema = z.object({
  customerName: text(120),
  email: EmailSchema.optional(),
  orderNumber: text(60),
  currency: Currency,
  items: z.array(OrderLineModelSchema).min(1).max(200),
  total: MinorUnits,
  message: optionalText(2000),
});

export const PaymentReceiptModelSchema = z.object({
  customerName: text(120),
  email: EmailSchema.optional(),
  orderNumber: text(60),
  currency: Currency,
  amount: MinorUnits,
  method: optionalText(60),
  reference: optionalText(120),
  paidAt: z.iso.datetime().optional(),
  remaining: MinorUnits.optional(),
});

/** The curators' answer to a jewelry-week designer (queued by the back-office with the decision). */
export const JEWELRY_WEEK_DECISIONS = ['SELECTED', 'DECLINED'] as const;
export const JewelryWeekDecisionModelSchema = z.object({
  name: text(120),
  email: EmailSchema.optional(),
  decision: z.enum(JEWELRY_WEEK_DECISIONS),
  collectionTitle: optionalText(160),
});

/**
 * What the house tells an account holder about their account (queued by the server, never sendable
 * through the email endpoint): the link confirming a registration or a new address, a welcome once
 * confirmed, "this address already has an account" (registration never says so on screen), and the
 * notices of a requested or completed change of email, or of a changed password.
 */
export const ACCOUNT_NOTICES = [
  'CONFIRM_REGISTRATION',
  'CONFIRM_EMAIL_CHANGE',
  'WELCOME',
  'ALREADY_REGISTERED',
  'EMAIL_CHANGE_REQUESTED',
  'EMAIL_CHANGED',
  'PASSWORD_CHANGED',
] as const;
export type AccountNotice = (typeof ACCOUNT_NOTICES)[number];
export const AccountNoticeModelSchema = z.object({
  notice: z.enum(ACCOUNT_NOTICES),
  /** The account's username (not for ALREADY_REGISTERED, which goes to an address typed by someone else). */
  username: optionalText(40),
  /** EMAIL_CHANGE_REQUESTED / EMAIL_CHANGED: the new address, told to the old one. */
  newEmail: EmailSchema.optional(),
  /** CONFIRM_*: the single-use link (the house's own address, built by the server). */
  link: z.url().max(500).optional(),
});

/** The forms whose visitors get the fixed acknowledgement (VISITOR_ACKNOWLEDGEMENT). */
export const ACKNOWLEDGED_FORMS = ['CONTACT', 'APPOINTMENT'] as const;
/** Nothing the visitor typed: only which form was sent (the text is fixed per form). */
export const VisitorAcknowledgementModelSchema = z.object({ form: z.enum(ACKNOWLEDGED_FORMS) });

export const EMAIL_MODEL_SCHEMAS = {
  JEWELRY_WEEK_SUBMISSION: JewelryWeekModelSchema,
  JEWELRY_WEEK_CONFIRMATION: JewelryWeekModelSchema,
  CONTACT_MESSAGE: ContactMessageModelSchema,
  APPOINTMENT_REQUEST: AppointmentRequestModelSchema,
  ORDER_CONFIRMATION: OrderConfirmationModelSchema,
  PAYMENT_RECEIPT: PaymentReceiptModelSchema,
  JEWELRY_WEEK_DECISION: JewelryWeekDecisionModelSchema,
  ACCOUNT_NOTICE: AccountNoticeModelSchema,
  VISITOR_ACKNOWLEDGEMENT: VisitorAcknowledgementModelSchema,
} as const satisfies Record<EmailType, z.ZodType>;

export type EmailModels = { [K in EmailType]: z.infer<(typeof EMAIL_MODEL_SCHEMAS)[K]> };

export const RecipientsSchema = z.array(EmailSchema).min(1, 'Add at least one recipient').max(10, 'At most 10 recipients');

function sendEmailVariant<const T extends EmailType>(emailType: T) {
  return z.object({
    emailType: z.literal(emailType),
    recipients: RecipientsSchema,
    model: EMAIL_MODEL_SCHEMAS[emailType],
    /** Cloudflare Turnstile token from the form; required for non-admin callers when captcha is on. */
    captchaToken: z.string().max(4096).optional(),
  });
}

export const SendEmailBodySchema = z.discriminatedUnion('emailType', [
  sendEmailVariant('JEWELRY_WEEK_SUBMISSION'),
  sendEmailVariant('JEWELRY_WEEK_CONFIRMATION'),
  sendEmailVariant('CONTACT_MESSAGE'),
  sendEmailVariant('APPOINTMENT_REQUEST'),
  sendEmailVariant('ORDER_CONFIRMATION'),
  sendEmailVariant('PAYMENT_RECEIPT'),
  sendEmailVariant('JEWELRY_WEEK_DECISION'),
]);
export type SendEmailBody = z.infer<typeof SendEmailBodySchema>;

export const QueuedEmailSchema = z.object({
  id: z.uuid(),
  emailType: EmailTypeSchema,
  recipients: z.array(z.string()),
  status: EmailStatusSchema,
});
export type QueuedEmail = z.infer<typeof QueuedEmailSchema>;

export const OutboxEmailSchema = z.object({
  id: z.uuid(),
  emailType: z.string(),
  recipients: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  status: EmailStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type OutboxEmail = z.infer<typeof OutboxEmailSchema>;
export const OutboxPageSchema = pageSchema(OutboxEmailSchema);
export type OutboxPage = z.infer<typeof OutboxPageSchema>;

/**
 * One outbox email with the HTML exactly as the worker sends it (rendered and escaped when queued).
 * Show it only in a sandboxed iframe (`sandbox=""`, `srcdoc`): no scripts, no same-origin access.
 */
export const OutboxEmailDetailSchema = OutboxEmailSchema.extend({ html: z.string() });
export type OutboxEmailDetail = z.infer<typeof OutboxEmailDetailSchema>;

export const OutboxQuerySchema = PageQuerySchema.extend({
  status: EmailStatusSchema.optional(),
  emailType: EmailTypeSchema.optional(),
});
export type OutboxQuery = z.infer<typeof OutboxQuerySchema>;

export const EmailStatisticsSchema = z.object({
  total: z.number().int(),
  byStatus: z.record(EmailStatusSchema, z.number().int()),
  /** When the oldest email still waiting was queued; null when the queue is empty. */
  oldestQueuedAt: z.iso.datetime().nullable(),
});
export type EmailStatistics = z.infer<typeof EmailStatisticsSchema>;
