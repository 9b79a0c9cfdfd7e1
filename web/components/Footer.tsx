import styled from 'styled-components'
import { useSiteLinks } from '../site-settings.ts'
import { theme } from '../theme.ts'

export function Footer() {
  const { communityUrl, donationUrl, contactEmail } = useSiteLinks()
  return (
    <Outer>
      <Inner>
        <div>
          <Name>PLAB Practice</Name>
          <p>Free role-play practice for the PLAB 2 exam, run by volunteers.</p>
        </div>
        <nav aria-label="Footer">
          <Links>
            {communityUrl && <li><a href={communityUrl} target="_blank" rel="noreferrer">Community chat</a></li>}
            <li><a href="/#contact">Contact us</a></li>
            {donationUrl && <li><a href={donationUrl} target="_blank" rel="noreferrer">Donate</a></li>}
            {contactEmail && <li><a href={`mailto:${contactEmail}`}>{contactEmail}</a></li>}
          </Links>
        </nav>
      </Inner>
      <Small>
        Practice material is for exam preparation only and is not medical advice. &copy; {new Date().getFullYear()} PLAB
        Practice.
      </Small>
    </Outer>
  )
}

const Outer = styled.footer`
  margin-top: auto;
  background: ${theme.color.footer};
  color: ${theme.color.footerText};
  padding: 32px 16px 20px;
  a { color: ${theme.color.footerText}; }
  a:hover { color: #fff; }
  a:focus-visible { outline-color: ${theme.color.focusOnDark}; }
`

const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 16px 48px;
  max-width: ${theme.width.page};
  margin: 0 auto;
`

const Name = styled.p`
  font-weight: 800;
  font-size: 1.1rem;
  margin-bottom: 4px;
`

const Links = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 6px;
  overflow-wrap: anywhere;
`

const Small = styled.p`
  max-width: ${theme.width.page};
  margin: 24px auto 0;
  font-size: 0.85rem;
  color: #94a3b8;
`
