import { useCallback, useEffect, useState } from 'react'
import styled from 'styled-components'
import { lapsed, type Proposal } from '../../schemas/partners/proposal.ts'
import { errorMessage } from '../api/client.ts'
import { proposalsApi } from '../api/proposals.ts'
import { Alert } from '../components/Alert.tsx'
import { BusyButton, Button, ButtonLink } from '../components/Button.tsx'
import { useFocusNext } from '../components/useFocusNext.ts'
import { theme } from '../theme.ts'
import { readerLocale } from '../board/times.ts'
import { ProposeTimeDialog } from './ProposeTimeDialog.tsx'
import { SafetyActions } from './SafetyActions.tsx'
import { bothClocks } from './proposal-words.ts'

/** What became of a proposal that is no longer waiting, in words. */
function outcome(proposal: Proposal): string {
  if (lapsed(proposal, Date.now())) return 'No answer before the time'
  if (proposal.status === 'ACCEPTED') return 'Planned'
  if (proposal.status === 'DECLINED') return 'Declined'
  if (proposal.status === 'COUNTERED') return 'Another time was proposed'
  return 'Withdrawn'
}

const waiting = (proposal: Proposal) => proposal.status === 'PENDING' && !lapsed(proposal, Date.now())

/**
 * Times proposed to me and by me (issue 36), on My partners: those waiting for my answer (Accept, Decline,
 * Propose another time), those waiting for theirs (Withdraw), and the answered ones of the last 30 days, an
 * accepted one linking to its planned session. Every time on my clock and theirs. What I may do is the server's
 * word (each proposal's `actions`, from schemas/partners/proposal.ts). Each names the other person with Report and
 * Block, as their card would on Find Partners: a time proposed is often the only place two candidates have met.
 * `onBlocked` lets the page read again what a block changes elsewhere on it.
 */
export function ProposalsSection({ zone, onBlocked }: { zone: string; onBlocked(): void }) {
  const [proposals, setProposals] = useState<Proposal[] | null>(null)
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const [busy, setBusy] = useState<number | null>(null)
  const [countering, setCountering] = useState<Proposal | null>(null)
  const focus = useFocusNext<'notice'>()

  const reload = useCallback(async (signal?: AbortSignal) => {
    try {
      setProposals(await proposalsApi.mine(signal))
    } catch (error) {
      if (!signal?.aborted) setNotice({ tone: 'error', text: errorMessage(error, 'Your proposed times could not be loaded. Please reload the page.') })
    }
  }, [])
  useEffect(() => {
    const controller = new AbortController()
    void reload(controller.signal)
    return () => controller.abort()
  }, [reload])

  const act = async (proposal: Proposal, work: () => Promise<{ message: string }>) => {
    setBusy(proposal.id)
    setNotice(null)
    try {
      setNotice({ tone: 'success', text: (await work()).message })
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, 'That did not work. Please try again.') })
    } finally {
      setBusy(null)
      await reload()
    }
  }

  const mine = proposals ?? []
  const groups = [
    { key: 'incoming', title: 'Waiting for your answer', items: mine.filter((p) => waiting(p) && p.direction === 'INCOMING') },
    { key: 'outgoing', title: 'Waiting for their answer', items: mine.filter((p) => waiting(p) && p.direction === 'OUTGOING') },
    { key: 'answered', title: 'Answered in the last 30 days', items: mine.filter((p) => !waiting(p)) },
  ]

  return (
    <section aria-labelledby="proposals-heading">
      <h2 id="proposals-heading">Proposed times</h2>
      {notice && (
        <Alert tone={notice.tone} ref={focus.focusIf('notice')}>
          {notice.text}
        </Alert>
      )}
      {proposals === null && !notice && <p role="status">Loading your proposed times…</p>}
      {proposals?.length === 0 && <p>No proposed times. Propose one from a candidate free when you are, or from a listing on Find Partners.</p>}
      {groups
        .filter((group) => group.items.length > 0)
        .map((group) => (
          <div key={group.key}>
            <h3 id={`proposals-${group.key}`}>{group.title}</h3>
            <List aria-labelledby={`proposals-${group.key}`}>
              {group.items.map((proposal) => {
                const describedBy = `proposal-${proposal.id}`
                const held = busy === proposal.id
                return (
                  <Item key={proposal.id}>
                    <p id={describedBy}>
                      <strong>{proposal.direction === 'INCOMING' ? `${proposal.other.name} proposed` : `You proposed to ${proposal.other.name}`}</strong>
                      {proposal.listingId !== null && ' (about their listing)'}:{' '}
                      <time dateTime={proposal.startsAt}>{bothClocks(Date.parse(proposal.startsAt), zone, proposal.other, readerLocale())}</time>
                    </p>
                    {proposal.note && <Note>“{proposal.note}”</Note>}
                    {!waiting(proposal) && <Outcome>{outcome(proposal)}</Outcome>}
                    <Actions>
                      {proposal.actions.accept && (
                        <BusyButton type="button" busy={held} aria-describedby={describedBy} onClick={() => act(proposal, () => proposalsApi.accept(proposal.id))}>
                          Accept
                        </BusyButton>
                      )}
                      {proposal.actions.decline && (
                        <BusyButton type="button" $variant="secondary" busy={held} aria-describedby={describedBy} onClick={() => act(proposal, () => proposalsApi.decline(proposal.id))}>
                          Decline
                        </BusyButton>
                      )}
                      {proposal.actions.counter && (
                        <Button type="button" $variant="secondary" disabled={held} aria-describedby={describedBy} onClick={() => setCountering(proposal)}>
                          Propose another time
                        </Button>
                      )}
                      {proposal.actions.withdraw && (
                        <BusyButton type="button" $variant="secondary" busy={held} aria-describedby={describedBy} onClick={() => act(proposal, () => proposalsApi.withdraw(proposal.id))}>
                          Withdraw
                        </BusyButton>
                      )}
                      {proposal.sessionCode && (
                        <ButtonLink href={`/session/${encodeURIComponent(proposal.sessionCode)}/role`} aria-describedby={describedBy}>
                          Open the planned session
                        </ButtonLink>
                      )}
                      <SafetyActions
                        person={proposal.other}
                        zone={zone}
                        describedBy={describedBy}
                        onBlocked={(_, message) => {
                          // The list read again holds no time with them (the server drops those of a block), so
                          // their items go: the news takes the focus, not their Block button.
                          focus.next('notice')
                          setNotice({ tone: 'success', text: message })
                          void reload()
                          onBlocked()
                        }}
                      />
                    </Actions>
                  </Item>
                )
              })}
            </List>
          </div>
        ))}
      {countering && (
        <ProposeTimeDialog
          title={`Propose another time to ${countering.other.name}`}
          partner={countering.other}
          zone={zone}
          initialStartsAt={countering.startsAt}
          submit={(body) => proposalsApi.counter(countering.id, body)}
          onDone={(message) => {
            setCountering(null)
            setNotice({ tone: 'success', text: message })
            void reload()
          }}
          onClose={() => setCountering(null)}
        />
      )}
    </section>
  )
}

const List = styled.ul`
  display: grid;
  gap: 8px;
  padding: 0;
  margin: 0 0 24px;
`

const Item = styled.li`
  list-style: none;
  background: ${theme.color.surface};
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.card};
  padding: 12px 16px;
  overflow-wrap: anywhere;
  p { margin: 0 0 8px; }
`

const Note = styled.p`
  white-space: pre-wrap;
`

const Outcome = styled.p`
  font-weight: 600;
  color: ${theme.color.muted};
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`
