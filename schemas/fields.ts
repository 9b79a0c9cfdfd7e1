import * as v from 'valibot'

/** Field rules shared by every form and route, with the spec's messages (SPEC.md section 5). */

export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 256
export const NAME_MIN = 2
export const NAME_MAX = 50

export const emailField = v.pipe(
  v.string('Email is required'),
  v.trim(),
  v.nonEmpty('Email is required'),
  v.maxLength(254, 'Invalid email address'),
  v.email('Invalid email address'),
  v.toLowerCase(),
)

/** A password being chosen: length rules apply. */
export const newPasswordField = (requiredMessage = 'Password is required') =>
  v.pipe(
    v.string(requiredMessage),
    v.nonEmpty(requiredMessage),
    v.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
    v.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  )

/** A password being checked: only presence matters (old accounts may predate a rule). */
export const existingPasswordField = (requiredMessage: string) =>
  v.pipe(v.string(requiredMessage), v.nonEmpty(requiredMessage), v.maxLength(PASSWORD_MAX, 'Password is too long'))

export const personNameField = (requiredMessage: string) =>
  v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.minLength(NAME_MIN, `Name must be at least ${NAME_MIN} characters`),
    v.maxLength(NAME_MAX, `Name must be less than ${NAME_MAX} characters`),
  )

/** Adds "confirm" to a form schema: the confirmation must equal the named password field. */
export function withConfirmation<TEntries extends v.ObjectEntries, K extends keyof TEntries & string>(
  entries: TEntries,
  passwordKey: K,
  confirmKey: string,
) {
  return v.pipe(
    v.object({ ...entries, [confirmKey]: v.pipe(v.string('Please confirm your password'), v.nonEmpty('Please confirm your password')) }),
    // The error belongs under the confirmation field, where the form shows it.
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      const input = dataset.value as Record<string, unknown>
      if (input[confirmKey] === input[passwordKey]) return
      addIssue({
        message: 'Passwords must match',
        path: [{ type: 'object', origin: 'value', input, key: confirmKey, value: input[confirmKey] }],
      })
    }),
  )
}
