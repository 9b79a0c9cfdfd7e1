import type { Page } from '@playwright/test'

/**
 * Lets a test slip its own live messages into a room's subscription, everything else passing both ways (SockJS
 * framing: the browser sends a JSON array of STOMP frames, the server answers 'a' and such an array). Call before
 * the room opens; `subscribed()` says when the room has subscribed.
 */
export async function liveInjection(page: Page, code: string) {
  let subscription: string | null = null
  let slip: (body: string) => void = () => {}
  await page.routeWebSocket(/\/ws\//, (ws) => {
    const server = ws.connectToServer()
    ws.onMessage((frame) => {
      const subscribe = /^SUBSCRIBE\n(?:.*\n)*?id:(.+)\n/m.exec((JSON.parse(String(frame)) as string[]).join('\n'))
      if (subscribe) subscription = subscribe[1]
      server.send(frame)
    })
    server.onMessage((frame) => ws.send(frame))
    slip = (body) => {
      const stomp = `MESSAGE\ndestination:/topic/session/${code}\ncontent-type:application/json\nsubscription:${subscription}\nmessage-id:injected-${Date.now()}\n\n${body}\u0000`
      ws.send(`a${JSON.stringify([stomp])}`)
    }
  })
  return { subscribed: () => subscription !== null, slipIn: (body: string) => slip(body) }
}
