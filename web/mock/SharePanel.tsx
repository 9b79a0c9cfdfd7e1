import { useEffect, useId, useState } from 'react'
import styled from 'styled-components'
import { errorMessage } from '../api/client.ts'
import { mockApi } from '../api/mock.ts'
import { Alert } from '../components/Alert.tsx'
import { useFocusNext } from '../components/useFocusNext.ts'
import { Button } from '../components/Button.tsx'
import { Card } from '../components/Card.tsx'
import { useTimedMessage } from '../components/useTimedMessage.ts'
import { theme } from '../theme.ts'

export const sharedSheetPath = (token: string) => `/shared/results/${token}`

/**
 * A private link to the candidate's sheet (issue 33): made on request, shown again on every visit while it
 * lives, copied in one click, and withdrawn at once for everyone who has it.
 */
export function SharePanel({ code }: { code: string }) {
  const [token, setToken] = useState<string | null | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const notice = useTimedMessage(2000)
  const inputId = useId()

  useEffect(() => {
    const controller = new AbortController()
    mockApi.share(code, controller.signal).then(
      (answer) => setToken(answer.token),
      (error: unknown) => !controller.signal.aborted && setFailure(errorMessage(error, 'Could not read your link. Please reload the page.')),
    )
    return () => controller.abort()
  }, [code])

  // The link once made, the button to make one once withdrawn.
  const { next: focusNext, focusIf } = useFocusNext<'link' | 'make'>()
  const act = async (request: () => Promise<string | null>) => {
    setBusy(true)
    setFailure(null)
    try {
      const next = await request()
      focusNext(next ? 'link' : 'make')
      notice.show('success', next ? 'A private link is ready' : 'The link is withdrawn: it no longer opens your sheet')
      setToken(next)
    } catch (error) {
      setFailure(errorMessage(error, 'That did not work. Please try again.'))
    } finally {
      setBusy(false)
    }
  }
  const link = token ? `${window.location.origin}${sharedSheetPath(token)}` : ''
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      notice.show('success', 'Link copied')
    } catch {
      notice.show('error', 'Could not copy the link: please select it and copy it yourself.')
    }
  }

  return (
    <Panel as="section" aria-labelledby="share-heading" data-no-print>
      <h2 id="share-heading">Share this sheet</h2>
      {failure && <Alert tone="error">{failure}</Alert>}
      {token === undefined && !failure && <p role="status">Loading…</p>}
      {token === null && (
        <>
          <p>A private link shows this sheet, with your name, to whoever you give it to (a teacher, a study partner). You can withdraw it at any time.</p>
          <Button ref={focusIf('make')} type="button" onClick={() => void act(async () => (await mockApi.createShare(code)).token)} disabled={busy}>
            Make a private link
          </Button>
        </>
      )}
      {token && (
        <>
          <label htmlFor={inputId}>Anyone with this link sees this sheet</label>
          <LinkRow>
            <input ref={focusIf('link')} id={inputId} readOnly value={link} onFocus={(event) => event.target.select()} />
            <Button type="button" $variant="secondary" onClick={() => void copy()}>
              Copy link
            </Button>
            <Button type="button" $variant="secondary" onClick={() => void act(async () => (await mockApi.revokeShare(code), null))} disabled={busy}>
              Withdraw the link
            </Button>
          </LinkRow>
        </>
      )}
      <p role="status">{notice.message?.text ?? ''}</p>
    </Panel>
  )
}

const Panel = styled(Card)`
  margin-top: 16px;
  h2 { font-size: 1.1rem; }
  label { font-weight: 600; }
`

const LinkRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 4px;
  input {
    flex: 1 1 240px;
    min-width: 0;
    min-height: 44px;
    padding: 8px 10px;
    border: 1px solid ${theme.color.controlBorder};
    border-radius: ${theme.radius.small};
  }
`
