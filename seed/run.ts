/** `npm run seed`: migrate, then add whatever demo content is missing (idempotent). */
import { getPayload } from 'payload'

import { config, migrate, reportDemoLogins } from '../cms/boot'
import { seed } from './index'

const payload = await getPayload({ config })
await migrate(payload)
reportDemoLogins(payload, await seed(payload))
payload.logger.info('Seed complete.')
process.exit(0)
