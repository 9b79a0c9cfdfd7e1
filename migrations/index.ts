import type { Migration } from 'kysely'
import * as m0001 from './0001_accounts_and_event_store.ts'
import * as m0002 from './0002_case_bank.ts'
import * as m0003 from './0003_sessions.ts'
import * as m0004 from './0004_cluster_coordination.ts'
import * as m0005 from './0005_exam_marking.ts'
import * as m0006 from './0006_self_assessments.ts'
import * as m0007 from './0007_account_erasure.ts'
import * as m0008 from './0008_partner_board.ts'
import * as m0009 from './0009_account_change_notices.ts'
import * as m0010 from './0010_presence_by_instance.ts'
import * as m0011 from './0011_case_bank_change_notices.ts'
import * as m0012 from './0012_refused_appends.ts'
import * as m0013 from './0013_telephone_cases.ts'
import * as m0014 from './0014_contact_messages.ts'
import * as m0015 from './0015_station_cases.ts'
import * as m0016 from './0016_mock_result_shares.ts'
import * as m0017 from './0017_solo_stations.ts'
import * as m0018 from './0018_case_bank_growth.ts'
import * as m0019 from './0019_partners.ts'
import * as m0020 from './0020_admin_session_lookups.ts'
import * as m0021 from './0021_partner_lookup_indexes.ts'

/**
 * Every migration by name, in order. Listed rather than read from this folder at start-up, so that the built
 * server (dist/server, one bundle) carries them; test/db/migrations-index.test.ts fails when a file is missing here.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_accounts_and_event_store': m0001,
  '0002_case_bank': m0002,
  '0003_sessions': m0003,
  '0004_cluster_coordination': m0004,
  '0005_exam_marking': m0005,
  '0006_self_assessments': m0006,
  '0007_account_erasure': m0007,
  '0008_partner_board': m0008,
  '0009_account_change_notices': m0009,
  '0010_presence_by_instance': m0010,
  '0011_case_bank_change_notices': m0011,
  '0012_refused_appends': m0012,
  '0013_telephone_cases': m0013,
  '0014_contact_messages': m0014,
  '0015_station_cases': m0015,
  '0016_mock_result_shares': m0016,
  '0017_solo_stations': m0017,
  '0018_case_bank_growth': m0018,
  '0019_partners': m0019,
  '0020_admin_session_lookups': m0020,
  '0021_partner_lookup_indexes': m0021,
}
