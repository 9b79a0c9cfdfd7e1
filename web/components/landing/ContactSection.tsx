import { useState } from 'react'
import styled from 'styled-components'
import * as v from 'valibot'
import { emailField } from '../../../schemas/fields.ts'
import { TextField } from '../../forms/TextField.tsx'
import { TextArea } from '../../forms/TextArea.tsx'
import { useForm } from '../../forms/useForm.ts'
import { CONTACT_EMAIL } from '../../site-links.ts'
import { theme } from '../../theme.ts'
import { Alert } from '../Alert.tsx'
import { Button } from '../Button.tsx'
import { Section } from './Features.tsx'

const ContactForm = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('Please enter your name'), v.maxLength(100, 'Please shorten your name')),
  email: emailField,
  message: v.pipe(v.string(), v.trim(), v.nonEmpty('Please enter a message'), v.maxLength(1500, 'Please keep the message under 1500 characters')),
})

/**
 * There is no server-side inbox: the form composes an email in the visitor's own mail app, which keeps
 * their address private until they choose to send.
 */
export function ContactSection() {
  const form = useForm(ContactForm, { name: '', email: '', message: '' })
  const [opened, setOpened] = useState(false)

  const onSubmit = form.handleSubmit(({ name, email, message }) => {
    const subject = `PLAB Practice: message from ${name}`
    const body = `${message}\n\nFrom: ${name} <${email}>`
    window.location.href = `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
    setOpened(true)
  })

  return (
    <Section id="contact" aria-labelledby="contact-heading">
      <h2 id="contact-heading">Contact us</h2>
      <Box>
        <p>
          Questions, a case to suggest, or a problem to report? Write to us and a volunteer will answer, or email{' '}
          <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> directly.
        </p>
        {opened && (
          <Alert tone="success">
            Your email app should now show the message, ready to send. If nothing opened, write to {CONTACT_EMAIL}.
          </Alert>
        )}
        <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label="Contact">
          <TextField form={form} name="name" label="Your name" autoComplete="name" />
          <TextField form={form} name="email" label="Your email" type="email" autoComplete="email" />
          <TextArea form={form} name="message" label="Message" rows={5} />
          <Button type="submit">Write the email</Button>
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
