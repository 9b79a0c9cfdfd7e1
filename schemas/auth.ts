import * as v from 'valibot'
import { SiteLinksSchema } from './contact.ts'
import { emailField, existingPasswordField, newPasswordField, personNameField, withConfirmation } from './fields.ts'

/** Request bodies of the accounts API (WIRE.md section 5), shared by the server routes and the web forms. */

export const LoginBody = v.strictObject({
  email: emailField,
  password: existingPasswordField('Password is required'),
})

export const RegisterBody = v.strictObject({
  name: personNameField('Full name is required'),
  email: emailField,
  password: newPasswordField(),
})

export const GoogleLoginBody = v.strictObject({
  idToken: v.pipe(v.string('idToken is required'), v.nonEmpty('idToken is required'), v.maxLength(8192, 'idToken is too long')),
})

export const ForgotPasswordBody = v.strictObject({ email: emailField })

export const ResetPasswordBody = v.strictObject({
  token: v.pipe(v.string('Invalid or missing reset token'), v.nonEmpty('Invalid or missing reset token'), v.maxLength(200, 'Invalid reset token')),
  newPassword: newPasswordField('New password is required'),
})

export const ProfileBody = v.strictObject({ name: personNameField('Name is required') })

export const ChangePasswordBody = v.strictObject({
  currentPassword: existingPasswordField('Current password is required'),
  newPassword: newPasswordField('New password is required'),
})

/**
 * Deleting one's own account: the current password; an account without one (signed up with Google) re-types its
 * email instead (docs/decisions/0069-account-deletion-and-export.md).
 */
export const DeleteAccountBody = v.strictObject({
  currentPassword: v.optional(existingPasswordField('Current password is required')),
  email: v.optional(emailField),
})
/** The file "Download all my data" saves: the server names it in its answer, the profile page when it saves it. */
export const MY_DATA_FILE = 'plab-practice-my-data.json'

/** The profile's delete form, as each kind of account fills it in. */
export const DeleteWithPasswordForm = v.required(DeleteAccountBody, ['currentPassword'], 'Current password is required')
export const DeleteWithEmailForm = v.required(DeleteAccountBody, ['email'], 'Email is required')

/** Client-side forms: the same rules plus the confirmation fields that are never sent. */
export const RegisterForm = withConfirmation(
  { name: personNameField('Full name is required'), email: emailField, password: newPasswordField() },
  'password',
  'confirmPassword',
)
export const ResetPasswordForm = withConfirmation({ newPassword: newPasswordField('New password is required') }, 'newPassword', 'confirmPassword')
export const ChangePasswordForm = withConfirmation(
  { currentPassword: existingPasswordField('Current password is required'), newPassword: newPasswordField('New password is required') },
  'newPassword',
  'confirmPassword',
)

/** REVIEWER (issue 35): reviews contributed cases and problem reports; granted by an admin. */
export const USER_ROLES = ['USER', 'ADMIN', 'REVIEWER'] as const
export const UserRoleSchema = v.picklist(USER_ROLES)
export type UserRole = v.InferOutput<typeof UserRoleSchema>
/** Who may review the bank: contributions, problem reports, a case's versions. */
export const mayReview = (role: UserRole) => role === 'ADMIN' || role === 'REVIEWER'
export const REVIEWER_REQUIRED = 'Reviewer access is required'
export const AuthProviderSchema = v.picklist(['LOCAL', 'GOOGLE'])
export type AuthProvider = v.InferOutput<typeof AuthProviderSchema>

/** The user object of WIRE.md section 2, as login, google, profile and admin answer it. */
export const UserViewSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  role: UserRoleSchema,
  provider: AuthProviderSchema,
  googleId: v.nullable(v.string()),
  /** Always false: a side effect of the reference server's serialiser that the spec's client may still read. */
  resetTokenValid: v.boolean(),
})
export type UserView = v.InferOutput<typeof UserViewSchema>

export const AuthResponseSchema = v.object({ token: v.string(), user: UserViewSchema })
export type AuthResponse = v.InferOutput<typeof AuthResponseSchema>

/** Public settings the client needs before sign-in (GET /api/config). */
export const PublicConfigSchema = v.object({
  googleClientId: v.nullable(v.string()),
  /** Added for the landing (issue 30): the deployment's outside links, each null when not set. */
  siteLinks: SiteLinksSchema,
})
export type PublicConfig = v.InferOutput<typeof PublicConfigSchema>
