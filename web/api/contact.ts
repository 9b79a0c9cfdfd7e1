import { contactContracts } from '../../schemas/api/contact.ts'
import { call } from './client.ts'

/** The landing's contact form and the admin's inbox (server/contact/routes.ts). */
export const contactApi = {
  ticket: () => call(contactContracts.ticket),
  send: (body: { name: string; email: string; message: string; ticket: string; website: string }) => call(contactContracts.send, { body }),
  messages: (show: 'waiting' | 'all') => call(contactContracts.messages, { query: { show } }),
  setHandled: (id: number, handled: boolean) => call(contactContracts.setHandled, { params: { id }, body: { handled } }),
  remove: (id: number) => call(contactContracts.remove, { params: { id } }),
}
