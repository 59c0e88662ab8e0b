import { CheckoutSessionSchema, DeckUsageSchema, PaymentEventSchema } from './checkout-session.js';
import {
  LocalCheckoutSessionSchema,
  LocalCustomerSchema,
  LocalInvoiceSchema,
  LocalSubscriptionSchema,
} from './embedded-payments.js';
import { ForgottenUserSchema } from './forgotten-user.js';
import { LicenceSchema } from './licence.js';
import { MemberSchema } from './member.js';
import { OrganizationSchema } from './organization.js';

export const entities = [
  OrganizationSchema,
  MemberSchema,
  ForgottenUserSchema,
  CheckoutSessionSchema,
  PaymentEventSchema,
  DeckUsageSchema,
  LocalCustomerSchema,
  LocalCheckoutSessionSchema,
  LocalSubscriptionSchema,
  LocalInvoiceSchema,
  LicenceSchema,
];
