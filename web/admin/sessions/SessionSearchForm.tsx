import { useId, useRef, type FormEvent } from 'react'
import { Button } from '../../components/Button.tsx'
import { ErrorText, Field, Hint, Input, Label } from '../../forms/TextField.tsx'
import { Toolbar } from '../controls.tsx'
import type { SessionSearchFields } from './session-search.ts'
import type { SessionSearch } from './useSessionSearch.ts'

const FIELDS: ReadonlyArray<{ name: keyof SessionSearchFields; label: string; type: 'search' | 'date'; placeholder?: string }> = [
  { name: 'code', label: 'Session code', type: 'search', placeholder: 'e.g. K7MQ-2XD9, or part of it' },
  { name: 'participant', label: 'Participant', type: 'search', placeholder: 'Name or email' },
  { name: 'from', label: 'Created from', type: 'date' },
  { name: 'to', label: 'Created to', type: 'date' },
]

/**
 * Find sessions by code, a participant's name or email and the days they were created. A field the search refuses
 * (a reversed range) says why under itself and takes the focus; nothing is asked until it is put right.
 */
export function SessionSearchForm({ search }: { search: SessionSearch }) {
  const baseId = useId()
  const inputs = useRef<Partial<Record<keyof SessionSearchFields, HTMLInputElement | null>>>({})
  const datesHintId = `${baseId}-dates`

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems = search.search()
    const first = FIELDS.find((field) => problems[field.name])
    if (first) inputs.current[first.name]?.focus()
  }

  return (
    <form role="search" aria-label="Find sessions" onSubmit={submit} noValidate>
      <Toolbar>
        {FIELDS.map(({ name, label, type, placeholder }) => {
          const id = `${baseId}-${name}`
          const error = search.fieldErrors[name]
          const describedBy = [type === 'date' ? datesHintId : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
          return (
            <Field key={name}>
              <Label htmlFor={id}>{label}</Label>
              <Input
                ref={(input) => {
                  inputs.current[name] = input
                }}
                id={id}
                type={type}
                value={search.typed[name]}
                placeholder={placeholder}
                maxLength={type === 'search' ? 100 : undefined}
                onChange={(event) => search.setField(name, event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                $invalid={Boolean(error)}
              />
              {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
            </Field>
          )
        })}
        {/* Not held while a search runs: fields changed meanwhile are searched at once, the older answer dropped. */}
        <Button type="submit">{search.loading ? 'Searching…' : 'Search'}</Button>
      </Toolbar>
      <Hint id={datesHintId}>
        Dates are the days the sessions were created, counted in UTC, both included. Leave every field empty to list the latest sessions.
      </Hint>
    </form>
  )
}
