import { useEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import { ContactFields } from '../../../schemas/contact.ts'
import { ApiError, errorMessage } from '../../api/client.ts'
import { contactApi } from '../../api/contact.ts'
import { TextArea } from '../../forms/TextArea.tsx'
import { TextField } from '../../forms/TextField.tsx'
import { useForm } from '../../forms/useForm.ts'
import { useSiteLinks } from '../../site-settings.ts'
import { theme } from '../../theme.ts'
import { Alert } from '../Alert.tsx'
import { Button } from '../Button.tsx'
import { contactTicketHolder } from './contact-ticket.ts'
import { clearContactDraft, loadContactDraft, saveContactDraft } from './contact-draft.ts'
import { Section } from './Features.tsx'

const isStaleTicket = (error: unknown) => error instanceof ApiError && (error.body as { staleTicket?: boolean } | null)?.staleTicket === true

/** The landing's contact form: messages go to the admins' inbox (and CONTACT_EMAIL when the server has one). */
export function ContactSection() {
  const { contactEmail } = useSiteLinks()
  // Read once: the form keeps its own values from then on.
  const [draft] = useState(loadContactDraft)
  const form = useForm(ContactFields, draft)
  const [sent, setSent] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const honeypot = useRef<HTMLInputElement>(null)
  const tickets = useRef(contactTicketHolder(contactApi.ticket)).current

  useEffect(() => tickets.prefetch(), [tickets])
  useEffect(() => saveContactDraft(form.values), [form.values])

  const send = async (fields: ContactFields) => {
    const body = { ...fields, ticket: await tickets.ready(), website: honeypot.current?.value ?? '' }
    try {
      return await contactApi.send(body)
    } catch (error) {
      if (!isStaleTicket(error)) throw error
      // The page sat open for hours: a fresh ticket, and the same message once more.
      tickets.forget()
      return contactApi.send({ ...body, ticket: await tickets.ready() })
    }
  }

  const onSubmit = form.handleSubmit(async (fields) => {
    setFailure(null)
    setSent(null)
    try {
      const answer = await send(fields)
      setSent(answer.message)
      clearContactDraft()
      form.reset({ name: '', email: '', message: '' })
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.validationErrors : null
      if (fieldErrors) form.setServerErrors(fieldErrors)
      setFailure(errorMessage(error, 'Your message could not be sent. Please try again.'))
    }
  })

  return (
    <Section id="contact" aria-labelledby="contact-heading">
      <h2 id="contact-heading">Contact us</h2>
      <Box>
        <p>
          Questions, a case to suggest, or a problem to report? Write to us and a volunteer will answer by email
          {contactEmail ? (
            <>
              , or write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a> directly.
            </>
          ) : (
            '.'
          )}
        </p>
        {sent && <Alert tone="success">{sent}</Alert>}
        {failure && <Alert tone="error">{failure}</Alert>}
        <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label="Contact">
          <TextField form={form} name="name" label="Your name" autoComplete="name" />
          <TextField form={form} name="email" label="Your email" type="email" autoComplete="email" />
          <TextArea form={form} name="message" label="Message" rows={5} />
          {/* A field no person sees or reaches by keyboard; a bot that fills every input gives itself away. */}
          <Honeypot aria-hidden="true">
            <label>
              Leave this empty
              <input ref={honeypot} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
            </label>
          </Honeypot>
          <Button type="submit" disabled={form.pending}>
            {form.pending ? 'Sending...' : 'Send message'}
          </Button>
        </form>
      </Box>
    </Section>
  )
}

const Box = styled.div`
  max-width: 640px;
  margin: 0 auto;
  background: ${theme.color.surface};
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.card};
  padding: 24px;
  @media (max-width: 400px) { padding: 20px 16px; }
`

/** Off-screen rather than display:none, which simple bots know to skip. */
const Honeypot = styled.div`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`
