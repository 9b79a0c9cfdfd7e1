import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react'
import type * as v from 'valibot'
import { validate, type FieldErrors } from '../../schemas/validate.ts'

type Values = Record<string, string>

export interface FormOptions {
  /**
   * [password field, confirmation field]. The shared schema only compares them once every other field is valid
   * (valibot skips the check on untyped input); the form compares them as soon as both are filled.
   */
  confirm?: [string, string]
}

/**
 * Form state checked by a shared valibot schema: a field shows its message once it has been left (blur) or the
 * form submitted, and the message follows every later keystroke so it disappears as soon as it is fixed.
 */
export function useForm<S extends v.GenericSchema>(schema: S, initial: Values, options: FormOptions = {}) {
  const [values, setValues] = useState<Values>(initial)
  const [touched, setTouched] = useState<Record<string, boolean>>({})
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [pending, setPending] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)

  const allErrors = useMemo(() => {
    const result = validate(schema, values)
    const errors: FieldErrors = result.ok ? {} : { ...result.errors }
    const [password, confirmation] = options.confirm ?? []
    if (password && confirmation && !errors[confirmation] && values[confirmation] && values[confirmation] !== values[password]) {
      errors[confirmation] = 'Passwords must match'
    }
    return errors
  }, [schema, values, options.confirm])

  const errors = useMemo(() => {
    const visible: FieldErrors = {}
    for (const name of Object.keys(values)) {
      const message = (touched[name] ? allErrors[name] : undefined) ?? serverErrors[name]
      if (message) visible[name] = message
    }
    return visible
  }, [values, touched, allErrors, serverErrors])

  const setValue = useCallback((name: string, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }))
    setServerErrors((previous) => (name in previous ? { ...previous, [name]: '' } : previous))
  }, [])

  const blur = useCallback((name: string) => setTouched((previous) => (previous[name] ? previous : { ...previous, [name]: true })), [])

  /** Validates everything; on success runs `onValid` with the schema's output (trimmed, lower-cased email...). */
  const handleSubmit = (onValid: (value: v.InferOutput<S>) => Promise<void> | void) => async (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    setTouched(Object.fromEntries(Object.keys(values).map((name) => [name, true])))
    const result = validate(schema, values)
    if (!result.ok || Object.keys(allErrors).length > 0) {
      // Take keyboard and screen-reader users straight to the first problem.
      // After the re-render that marks the fields invalid.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setPending(true)
    try {
      await onValid(result.value)
    } finally {
      setPending(false)
    }
  }

  // `initial` is a fresh object on every render; resetting means going back to the first one.
  const initialRef = useRef(initial)
  const reset = useCallback((next: Values = initialRef.current) => {
    setValues(next)
    setTouched({})
    setServerErrors({})
  }, [])

  return { values, errors, pending, formRef, setValue, blur, handleSubmit, reset, setServerErrors }
}

export type Form = ReturnType<typeof useForm>
