/** A start that cannot work stops with one line that names the setting to change, and no stack. */
export const stopStarting = (line: string): never => {
  console.error(line)
  process.exit(1)
}
