import { useId, type KeyboardEvent, type ReactNode } from 'react'
import styled from 'styled-components'
import { theme } from '../theme.ts'

export interface TabDefinition<K extends string> {
  key: K
  label: string
}

interface TabsProps<K extends string> {
  label: string
  tabs: ReadonlyArray<TabDefinition<K>>
  selected: K
  onSelect: (key: K) => void
  children: ReactNode
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab stop for the whole list (roving tabindex),
 * Left/Right move and select, Home/End jump; the panel is the next tab stop.
 */
export function Tabs<K extends string>({ label, tabs, selected, onSelect, children }: TabsProps<K>) {
  const baseId = useId()
  const tabId = (key: K) => `${baseId}-tab-${key}`

  const selectAt = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]
    onSelect(tab.key)
    document.getElementById(tabId(tab.key))?.focus()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const current = tabs.findIndex((tab) => tab.key === selected)
    const moves: Record<string, () => void> = {
      ArrowRight: () => selectAt(current + 1),
      ArrowLeft: () => selectAt(current - 1),
      Home: () => selectAt(0),
      End: () => selectAt(tabs.length - 1),
    }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    move()
  }

  return (
    <>
      <TabList role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            id={tabId(tab.key)}
            type="button"
            role="tab"
            aria-selected={tab.key === selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.key === selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <Panel id={`${baseId}-panel`} role="tabpanel" aria-labelledby={tabId(selected)} tabIndex={0}>
        {children}
      </Panel>
    </>
  )
}

/** The tabs wrap onto a second row rather than scroll: a tab out of view is a section nobody finds. */
const TabList = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  border-bottom: 2px solid ${theme.color.border};
  margin-bottom: 20px;
`

const Tab = styled.button`
  flex: none;
  min-height: 44px;
  padding: 10px 16px;
  border: 0;
  border-bottom: 3px solid transparent;
  margin-bottom: -2px;
  background: none;
  color: ${theme.color.muted};
  font-weight: 600;
  cursor: pointer;
  &[aria-selected='true'] {
    color: ${theme.color.primary};
    border-bottom-color: ${theme.color.primary};
  }
  &:hover { color: ${theme.color.primaryHover}; }
  &:focus-visible { outline-offset: -3px; }
  /* At 360 px the tabs wrap onto rows, each row's tabs sharing its width. */
  @media (max-width: 400px) {
    flex: 1 1 auto;
    padding: 6px 8px;
    line-height: 1.2;
  }
`

const Panel = styled.div`
  &:focus-visible { outline-offset: 4px; }
`
