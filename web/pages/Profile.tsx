import styled from 'styled-components'
import { useAuth } from '../account/AuthContext.tsx'
import { DeleteAccountCard } from '../components/profile/DeleteAccountCard.tsx'
import { MyDataCard } from '../components/profile/MyDataCard.tsx'
import { NameCard } from '../components/profile/NameCard.tsx'
import { PartnerSettingsCard } from '../components/profile/PartnerSettingsCard.tsx'
import { PasswordCard } from '../components/profile/PasswordCard.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { theme } from '../theme.ts'

export default function Profile() {
  usePageTitle('My profile')
  const { user } = useAuth()
  // The route guard renders this page only when signed in.
  if (!user) return null
  return (
    <Page>
      <h1>My profile</h1>
      <Account>
        {user.provider === 'GOOGLE' ? 'You sign in with Google.' : 'You sign in with your email and password.'}
        {user.role === 'ADMIN' && ' You are an administrator.'}
      </Account>
      <NameCard user={user} />
      <PartnerSettingsCard />
      {user.provider === 'LOCAL' && <PasswordCard />}
      <MyDataCard />
      <DeleteAccountCard user={user} />
    </Page>
  )
}

const Page = styled.div`
  width: 100%;
  max-width: 640px;
  margin: 0 auto;
  padding: 32px 16px;
`

const Account = styled.p`
  color: ${theme.color.muted};
`
