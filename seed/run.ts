/** `npm run seed`: migrate, then add whatever demo content is missing (idempotent). */
import { boot } from '@cms/startup/boot'

await boot({ always: true })
process.exit(0)
