/**
 * What a topic session draws its cases from: one rule for the configure screen and for the server.
 * 'Random' means every category, and only when no category is named: a host who adds Cardiology to the Random
 * chip the screen starts with means Cardiology. A client written for the spec keeps that chip and sends
 * ["Random", "Cardiology"]; the server accepts it and draws from Cardiology.
 */
import { RANDOM_TOPIC } from './types.ts'

/** The chosen topics as they are stored and drawn from: trimmed, once each, and Random only on its own. */
export function topicsToDraw(topics: readonly string[]): string[] {
  const chosen = [...new Set(topics.map((topic) => topic.trim()).filter((topic) => topic !== ''))]
  const named = chosen.filter((topic) => topic !== RANDOM_TOPIC)
  if (named.length > 0) return named
  return chosen.length > 0 ? [RANDOM_TOPIC] : []
}

/** True when the session draws from every category. */
export function drawsFromEveryTopic(topics: readonly string[]): boolean {
  const toDraw = topicsToDraw(topics)
  return toDraw.length === 1 && toDraw[0] === RANDOM_TOPIC
}

/** Adding a topic on the configure screen: a category replaces Random, and Random replaces the categories. */
export function withTopicAdded(topics: readonly string[], topic: string): string[] {
  if (topic.trim() === RANDOM_TOPIC) return [RANDOM_TOPIC]
  return topicsToDraw([...topics, topic])
}
