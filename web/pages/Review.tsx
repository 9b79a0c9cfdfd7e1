import { useState } from 'react'
import { useLocation, useParams } from 'wouter'
import { Tabs, type TabDefinition } from '../admin/Tabs.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { WidePage } from '../components/WidePage.ts'
import { ReviewContribution } from '../contributions/ReviewContribution.tsx'
import { ReviewQueue } from '../contributions/ReviewQueue.tsx'
import { ProblemReportsQueue } from '../review/ProblemReportsQueue.tsx'

type TabKey = 'contributions' | 'reports'

const TABS: ReadonlyArray<TabDefinition<TabKey>> = [
  { key: 'contributions', label: 'Contributions' },
  { key: 'reports', label: 'Problem reports' },
]

/** /review and /review/contributions/:id (reviewers and admins, guarded in App.tsx): the bank's two queues. */
export default function Review() {
  usePageTitle('Review cases')
  const params = useParams<{ id?: string }>()
  const [, navigate] = useLocation()
  const [tab, setTab] = useState<TabKey>('contributions')
  const select = (key: TabKey) => {
    setTab(key)
    // A case opened from the queue has its own address; another tab is the page's own.
    if (params.id) navigate('/review')
  }

  return (
    <WidePage>
      <h1>Review cases</h1>
      <p>Cases candidates contributed, and problems candidates reported with cases in the bank.</p>
      <Tabs label="Review sections" tabs={TABS} selected={tab} onSelect={select}>
        {tab === 'contributions' && (params.id ? <ReviewContribution key={params.id} id={Number(params.id)} /> : <ReviewQueue />)}
        {tab === 'reports' && <ProblemReportsQueue />}
      </Tabs>
    </WidePage>
  )
}
