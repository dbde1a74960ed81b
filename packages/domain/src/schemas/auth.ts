import { z } from 'zod'
import { messages } from '../messages/index'
import { emailField, passwordField, requiredText } from './common'

const v = messages.validation

export const registerSchema = z
  .strictObject({
    firstname: requiredText(),
    lastname: requiredText(),
    email: emailField(),
    password: passwordField(),
    passwordConfirmation: z.string({ error: v.required }).min(1, { error: v.required }),
    cgu: z.boolean({ error: v.cguRequired }).refine((value) => value === true, { error: v.cguRequired }),
  })
  .refine((data) => data.password === data.passwordConfirmation, {
    error: v.passwordsMismatch,
    path: ['passwordConfirmation'],
  })
export type RegisterInput = z.input<typeof registerSchema>
export type Register = z.output<typeof registerSchema>

export const loginSchema = z.strictObject({
  username: emailField(),
  password: z
    .string({ error: v.passwordEmpty })
    .min(1, { error: v.passwordEmpty })
    .max(200, { error: v.tooLong(200) }),
})
export type Login = z.output<typeof loginSchema>

export const passwordCodeSchema = z.strictObject({ email: emailField() })
export type PasswordCode = z.output<typeof passwordCodeSchema>

export const resetCodeField = () =>
  z
    .string({ error: v.codeSixDigits })
    .trim()
    .regex(/^\d{6}$/, { error: v.codeSixDigits })

export const passwordVerifySchema = z.strictObject({ email: emailField(), code: resetCodeField() })
export type PasswordVerify = z.output<typeof passwordVerifySchema>

export const passwordResetSchema = z
  .strictObject({
    email: emailField(),
    token: z
      .string({ error: v.required })
      .min(1, { error: v.required })
      .max(200, { error: v.tooLong(200) }),
    password: passwordField(),
    password_confirmation: z.string({ error: v.required }).min(1, { error: v.required }),
  })
  .refine((data) => data.password === data.password_confirmation, {
    error: v.passwordsMismatchReset,
    path: ['password_confirmation'],
  })
export type PasswordReset = z.output<typeof passwordResetSchema>

export const passwordChangeSchema = z
  .strictObject({
    currentPassword: z
      .string({ error: v.passwordEmpty })
      .min(1, { error: v.passwordEmpty })
      .max(200, { error: v.tooLong(200) }),
    password: passwordField(),
    password_confirmation: z.string({ error: v.required }).min(1, { error: v.required }),
  })
  .refine((data) => data.password === data.password_confirmation, {
    error: v.passwordsMismatch,
    path: ['password_confirmation'],
  })
export type PasswordChange = z.output<typeof passwordChangeSchema>
