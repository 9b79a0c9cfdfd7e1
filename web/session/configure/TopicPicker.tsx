import { useId, useRef, useState } from 'react'
import styled from 'styled-components'
import { RANDOM_TOPIC, topicOptions, withTopicAdded } from '../room/config-form.ts'
import { theme } from '../../theme.ts'

/**
 * Topics as removable chips, added from a dropdown; the Random chip says how many categories it draws from.
 * Adding a category replaces Random and adding Random replaces the categories (schemas/session/topic-choice.ts).
 */
export function TopicPicker({ categories, topics, onChange }: { categories: string[]; topics: string[]; onChange: (topics: string[]) => void }) {
  const selectId = useId()
  const [pick, setPick] = useState('')
  const options = topicOptions(categories, topics)
  const categoryCount = categories.filter((name) => name !== RANDOM_TOPIC).length
  const chipLabel = (topic: string) => (topic === RANDOM_TOPIC ? `Random (${categoryCount} ${categoryCount === 1 ? 'category' : 'categories'})` : topic)

  // Add turns disabled once the choice is taken: focus goes back to the list, ready for another topic.
  const add = () => {
    if (!pick) return
    onChange(withTopicAdded(topics, pick))
    setPick('')
    document.getElementById(selectId)?.focus()
  }

  // The removed chip's button takes keyboard focus with it: hand it to the next chip, else the topic list.
  const chips = useRef<HTMLUListElement>(null)
  const remove = (index: number) => {
    onChange(topics.filter((_, i) => i !== index))
    const buttons = chips.current?.querySelectorAll('button') ?? []
    const next = buttons[index + 1] ?? buttons[index - 1]
    if (next) next.focus()
    else document.getElementById(selectId)?.focus()
  }

  return (
    <div>
      <label htmlFor={selectId}>Add a topic</label>
      <AddRow>
        <select id={selectId} value={pick} onChange={(event) => setPick(event.target.value)}>
          <option value="">Choose a topic…</option>
          {options.map((name) => (
            <option key={name} value={name}>
              {name === RANDOM_TOPIC ? `Random (any of ${categoryCount})` : name}
            </option>
          ))}
        </select>
        <AddButton type="button" onClick={add} disabled={!pick}>
          Add
        </AddButton>
      </AddRow>
      <Chips aria-label="Selected topics" ref={chips}>
        {topics.map((topic, index) => (
          <li key={topic}>
            <span>{chipLabel(topic)}</span>
            <button type="button" onClick={() => remove(index)} aria-label={`Remove ${topic}`}>
              ×
            </button>
          </li>
        ))}
      </Chips>
    </div>
  )
}

const AddRow = styled.div`
  display: flex;
  gap: 8px;
  margin: 4px 0 12px;
  select {
    flex: 1;
    min-width: 0;
    min-height: 44px;
    padding: 8px 10px;
    border: 1px solid ${theme.color.controlBorder};
    border-radius: ${theme.radius.small};
    background: ${theme.color.surface};
  }
`

const AddButton = styled.button`
  min-height: 44px;
  padding: 8px 16px;
  border: 2px solid ${theme.color.primary};
  border-radius: ${theme.radius.small};
  background: ${theme.color.primary};
  color: #fff;
  font-weight: 600;
  cursor: pointer;
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0 0 16px;
  padding: 0;
  list-style: none;
  li {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    padding: 4px 4px 4px 12px;
    border-radius: ${theme.radius.round};
    background: ${theme.color.primarySoft};
    color: ${theme.color.primaryHover};
    font-weight: 600;
  }
  button {
    width: 32px;
    height: 32px;
    border: 0;
    border-radius: ${theme.radius.round};
    background: transparent;
    color: inherit;
    font-size: 1.2rem;
    cursor: pointer;
  }
  button:hover { background: rgba(30, 64, 175, 0.15); }
`
