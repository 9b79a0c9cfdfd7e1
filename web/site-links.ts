/**
 * Outside links of the landing page and footer. The maintainers set these to the project's real channels;
 * they live in one place so a change never misses a page.
 */
export const COMMUNITY_CHAT_URL = 'https://discord.gg/plabpractice'
export const DONATION_URL = 'https://opencollective.com/plab-practice'
export const CONTACT_EMAIL = 'hello@plabpractice.org'
