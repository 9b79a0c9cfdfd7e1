import * as v from 'valibot'
import {
  AuthResponseSchema,
  ChangePasswordBody,
  DeleteAccountBody,
  ForgotPasswordBody,
  GoogleLoginBody,
  LoginBody,
  ProfileBody,
  RegisterBody,
  ResetPasswordBody,
  UserViewSchema,
} from '../auth.ts'
import { MessageAnswer, route } from './contract.ts'


/** The accounts API of WIRE.md section 5, and the signed-in user's own data (issue 16). */
export const accountsContracts = {
  register: route('POST', '/auth/register', { body: RegisterBody, answer: MessageAnswer }),
  login: route('POST', '/auth/login', { body: LoginBody, answer: AuthResponseSchema }),
  google: route('POST', '/auth/google', { body: GoogleLoginBody, answer: AuthResponseSchema }),
  forgotPassword: route('POST', '/auth/forgot-password', { body: ForgotPasswordBody, answer: MessageAnswer }),
  resetPassword: route('POST', '/auth/reset-password', { body: ResetPasswordBody, answer: MessageAnswer }),
  me: route('GET', '/auth/me', { answer: v.object({ user: UserViewSchema }) }),
  profile: route('PUT', '/auth/profile', { body: ProfileBody, answer: v.object({ user: UserViewSchema, message: v.string() }) }),
  /** The answer carries a fresh token: the change voids every older one, including the caller's. */
  changePassword: route('POST', '/auth/change-password', { body: ChangePasswordBody, answer: v.object({ message: v.string(), token: v.string() }) }),
  /** A download: one JSON document whose keys follow the kinds of personal data held (personal-data.ts), no fixed shape. */
  myData: route('GET', '/auth/my-data', {}),
  deleteAccount: route('POST', '/auth/delete-account', { body: DeleteAccountBody, answer: MessageAnswer }),
}
