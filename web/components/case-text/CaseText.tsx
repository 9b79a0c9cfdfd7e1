import { Fragment } from 'react'
import { parseCaseText, type InlineText } from './case-text.ts'

/**
 * Case text's paragraphs, lists and bold (case-text.ts) as elements. Only elements and strings are made here,
 * never raw HTML, so React escapes every character the author typed. Unstyled, so that it renders anywhere
 * (a unit test's react-dom/server included); the page's box is FormattedCaseText.
 */
export function CaseTextBlocks({ text }: { text: string }) {
  const blocks = parseCaseText(text)
  return (
    <>
      {blocks.map((block, index) => {
        if (block.kind === 'paragraph') {
          return (
            <p key={index}>
              {block.lines.map((line, lineIndex) => (
                <Fragment key={lineIndex}>
                  {lineIndex > 0 && <br />}
                  <Inline runs={line} />
                </Fragment>
              ))}
            </p>
          )
        }
        const List = block.ordered ? 'ol' : 'ul'
        return (
          <List key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Inline runs={item} />
              </li>
            ))}
          </List>
        )
      })}
    </>
  )
}

function Inline({ runs }: { runs: InlineText }) {
  return runs.map((run, index) => (run.bold ? <strong key={index}>{run.text}</strong> : <Fragment key={index}>{run.text}</Fragment>))
}
