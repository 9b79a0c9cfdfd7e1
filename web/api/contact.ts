import type { ContactMessageView, ContactTicket } from '../../schemas/contact.ts'
import { api } from './client.ts'

/** The landing's contact form and the admin's inbox (server/contact/routes.ts). */
export const contactApi = {
  ticket: () => api.get<ContactTicket>('/contact/ticket'),
  send: (body: { name: string; email: string; message: string; ticket: string; website: string }) => api.post<{ message: string }>('/contact', body),
  messages: (show: 'waiting' | 'all') => api.get<{ messages: ContactMessageView[]; waiting: number }>(`/admin/contact-messages?show=${show}`),
  setHandled: (id: number, handled: boolean) =>
    api.put<{ message: string; contactMessage: ContactMessageView }>(`/admin/contact-messages/${id}/handled`, { handled }),
  remove: (id: number) => api.delete<{ message: string }>(`/admin/contact-messages/${id}`),
}
