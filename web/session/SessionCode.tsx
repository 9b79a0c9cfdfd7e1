import styled from 'styled-components'
import { useParams } from 'wouter'
import { useTimedMessage } from '../components/useTimedMessage.ts'
import { theme } from '../theme.ts'

/** The {sessionCode} of the /session/{sessionCode}/... routes, decoded; '' when the route has none. */
export function useSessionCode(): string {
  const { code } = useParams<{ code?: string }>()
  if (!code) return ''
  try {
    return decodeURIComponent(code).trim()
  } catch {
    return code.trim()
  }
}

export const roomPath = (code: string) => `/session/${encodeURIComponent(code)}/room`
export const debriefPath = (code: string, round: number) => `/session/${encodeURIComponent(code)}/debrief/${round}`
export const configurePath = (code: string) => `/session/${encodeURIComponent(code)}/configure`

/** SPEC section 9: the copy notice stays 2 s. */
export const COPY_NOTICE_MS = 2000
export const COPIED = 'Session code copied to clipboard!'

export const rolePath = (code: string) => `/session/${encodeURIComponent(code)}/role`
/** The invite link: the session's role page, which a signed-out visitor reaches after signing in. */
export const inviteLink = (code: string) => `${window.location.origin}${rolePath(code)}`
export const LINK_COPIED = 'Invite link copied: share it in your study group'

/** The code and the invite link to share, with copy buttons whose result is announced politely. */
export function SessionCode({ code }: { code: string }) {
  const notice = useTimedMessage(COPY_NOTICE_MS)
  const copyText = async (text: string, done: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text)
      notice.show('success', done)
    } catch {
      notice.show('error', `Could not copy the ${what}: please select it and copy it yourself.`)
    }
  }
  const copy = () => copyText(code, COPIED, 'code')
  return (
    <Box>
      <span>Session code</span>
      <Code>{code}</Code>
      <CopyButton type="button" onClick={copy} aria-label={`Copy session code ${code}`}>
        Copy
      </CopyButton>
      <CopyButton type="button" onClick={() => copyText(inviteLink(code), LINK_COPIED, 'link')} aria-label={`Copy invite link ${inviteLink(code)}`}>
        Copy invite link
      </CopyButton>
      <Notice role="status" $error={notice.message?.tone === 'error'}>
        {notice.message?.text ?? ''}
      </Notice>
    </Box>
  )
}

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin-bottom: 20px;
  span:first-child { color: ${theme.color.muted}; font-weight: 600; }
`

const Code = styled.code`
  padding: 6px 12px;
  border-radius: ${theme.radius.small};
  background: ${theme.color.primarySoft};
  color: ${theme.color.primaryHover};
  font-size: 1.3rem;
  font-weight: 700;
  letter-spacing: 0.08em;
  user-select: all;
`

const CopyButton = styled.button`
  min-height: 44px;
  padding: 8px 16px;
  border: 2px solid ${theme.color.primary};
  border-radius: ${theme.radius.small};
  background: ${theme.color.surface};
  color: ${theme.color.primary};
  font-weight: 600;
  cursor: pointer;
`

const Notice = styled.p<{ $error: boolean }>`
  flex-basis: 100%;
  margin: 0;
  min-height: 1.5em;
  color: ${({ $error }) => ($error ? theme.color.danger : theme.color.success)};
  font-weight: 600;
`
