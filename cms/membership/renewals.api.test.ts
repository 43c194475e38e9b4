import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clubDay } from '../../testing/clubCalendar'
import { ApiClient, loggedInAdmin, startServer, TEST_ADMIN, type TestServer } from '../../testing/server'
import { dumpServerOnFailure } from '../../testing/serverOutput'
import { startSmtpCapture } from '../../testing/smtp'

/**
 * A year later (docs/MEMBERSHIP.md "Renewals"): the seasons' days at work, as the hourly task sees them with the
 * tests' clock (TEST_TASK_CLOCK) on a server restarted over the same database. Renewal mail goes once per household
 * and reminder, only to last season's members not yet renewed, through the outbox; memberships lapse on the right
 * club day, on both sides of its midnight. One database started again and again: the data, then the task's clock at
 * each moment the tests name. The clock only moves forward, so the tests run in order (kept so under
 * `--sequence.shuffle`).
 */
describe('renewals and lapsing by the seasons’ days', { shuffle: false }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boosters-renewals-'))
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>
  let server: TestServer | undefined
  const ids: Record<string, string> = {}
  const env = (clock?: string) => ({
    SMTP_URL: smtp.url,
    EMAIL_RETRY_MS: '200',
    ...(clock ? { TEST_TASK_CLOCK: clock } : {}),
  })
  const restartAt = async (clock: string) => {
    await server?.stop()
    server = await startServer({ dataDir, env: env(clock) })
    const admin = new ApiClient(server.url)
    expect((await admin.post('/api/admin/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })).status).toBe(200)
    return admin
  }
  const renewals = (to: string) => smtp.messages.filter((m) => m.to.includes(to) && m.subject.startsWith('Renew'))

  beforeAll(async () => {
    smtp = await startSmtpCapture()
    server = await startServer({ dataDir, env: env() })
    const admin = await loggedInAdmin(server.url)
    const create = async (path: string, body: Record<string, unknown>) => {
      const res = await admin.post(`/cms-api/${path}?depth=0`, body)
      expect(res.status, res.text).toBe(201)
      return res.json.doc.id as string
    }
    ids.last = await create('seasons', {
      label: '2030–31',
      startsOn: '2030-08-01',
      endsOn: '2031-07-31',
      renewalOpensOn: '2030-07-01',
      renewalDeadline: '2030-09-30',
    })
    ids.next = await create('seasons', {
      label: '2031–32',
      startsOn: '2031-08-01',
      endsOn: '2032-07-31',
      renewalOpensOn: '2031-07-10',
      renewalDeadline: '2031-09-30',
      graceDays: 14,
    })
    const level = (season: string) => create('membership-levels', { season, name: 'Family', price: '60.00', taxTreatment: 'contribution' })
    ids.lastFamily = await level(ids.last)
    ids.nextFamily = await level(ids.next)
    const household = (name: string, email: string, adults: Array<Record<string, unknown>> = [{ name, email }]) =>
      create('households', { name, adults })
    const member = (household: string, season: string, levelId: string, extra: Record<string, unknown> = {}) =>
      create('memberships', { household, season, level: levelId, athletes: 2, status: 'pending', ...extra })
    // Paid last season (cash), comped last season, joined last season without paying, and one already renewed.
    ids.paid = await household('The Paid family', 'paid@family.test')
    ids.comped = await household('The Comped family', 'comped@family.test')
    ids.unpaid = await household('The Unpaid family', 'unpaid@family.test')
    ids.renewed = await household('The Renewed family', 'renewed@family.test')
    ids.paidLast = await member(ids.paid, ids.last, ids.lastFamily)
    const paid = await admin.post(`/api/admin/memberships/${ids.paidLast}/payment`, {
      method: 'cash',
      receivedOn: clubDay(Date.now()),
    })
    expect(paid.status, paid.text).toBe(201)
    ids.compedLast = await member(ids.comped, ids.last, ids.lastFamily, { status: 'comped', compReason: 'Volunteer coordinator' })
    ids.unpaidLast = await member(ids.unpaid, ids.last, ids.lastFamily)
    await member(ids.renewed, ids.last, ids.lastFamily, { status: 'comped', compReason: 'Coach' })
    // Paid last season, the first adult asking for no mail: the reminders go to the second.
    ids.quiet = await household('The Quiet family', 'quiet-first@family.test', [
      { name: 'Quiet First', email: 'quiet-first@family.test', receivesMail: false },
      { name: 'Quiet Second', email: 'quiet-second@family.test' },
    ])
    ids.quietLast = await member(ids.quiet, ids.last, ids.lastFamily)
    // Paid last season and refunded in full: no longer a member, so not asked to renew.
    ids.refunded = await household('The Refunded family', 'refunded@family.test')
    ids.refundedLast = await member(ids.refunded, ids.last, ids.lastFamily)
    const duesIds: string[] = []
    for (const id of [ids.quietLast, ids.refundedLast]) {
      const res = await admin.post(`/api/admin/memberships/${id}/payment`, { method: 'cash', receivedOn: clubDay(Date.now()) })
      expect(res.status, res.text).toBe(201)
      duesIds.push(res.json.dues.id)
    }
    const refund = await admin.patch(`/cms-api/dues/${duesIds[1]}`, { status: 'refunded' })
    expect(refund.status, refund.text).toBe(200)
    expect((await admin.get(`/cms-api/memberships/${ids.refundedLast}?depth=0`)).json.status).toBe('refunded')
    await member(ids.renewed, ids.next, ids.nextFamily, { status: 'comped', compReason: 'Coach' })
    // Joined next season, never paid: it lapses after the deadline and its grace days.
    ids.pendingNext = await member(ids.unpaid, ids.next, ids.nextFamily)
  })
  dumpServerOnFailure(() => ({ server }))
  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const statusOf = async (admin: ApiClient, id: string) => (await admin.get(`/cms-api/memberships/${id}?depth=0`)).json.status
  /** The renewal reminders queued, each as its address and stage (`paid@family.test 30-days`), read from the outbox. */
  const queuedReminders = async (admin: ApiClient) => {
    const { docs } = (await admin.get('/cms-api/email-outbox?where[kind][equals]=membership-renewal&limit=100&depth=0')).json
    return docs.map((d: any) => `${d.to} ${d.recordId.split(':')[2]}`).sort()
  }
  /** Where the reminders to last season's members go: the three families' adults who receive mail. */
  const lastSeasonsMembers = ['comped@family.test', 'paid@family.test', 'quiet-second@family.test']
  /** The reminders of these stages to each of them (in the outbox's order). */
  const reminders = (stages: string[]) => lastSeasonsMembers.flatMap((to) => stages.map((stage) => `${to} ${stage}`)).sort()

  it('mails last season’s members, once each, the day renewal opens: a link to /join prefilled, nothing charged', async () => {
    const admin = await restartAt('2031-07-10T15:00:00Z')
    await smtp.waitFor((m) => m.to.includes('comped@family.test'))
    const paid = await smtp.waitFor((m) => m.to.includes('paid@family.test'))
    expect(paid.subject).toBe('Renew your Lady Hawks Boosters membership for 2031–32')
    expect(paid.text).toContain(`/join?level=${ids.nextFamily}&athletes=2`)
    expect(paid.text).toContain('please renew by September 30, 2031')
    expect(paid.text).toContain('Nothing is charged without you')
    // Not to a family that never paid last season, nor to one already renewed.
    expect(renewals('unpaid@family.test')).toHaveLength(0)
    expect(renewals('renewed@family.test')).toHaveLength(0)
    // To the first adult who receives mail; none to a family whose dues were refunded (the queue read back: the task
    // ran before the server answered).
    const queuedTo = async (to: string) =>
      (await admin.get(`/cms-api/email-outbox?where[kind][equals]=membership-renewal&where[to][equals]=${to}`)).json.totalDocs
    const quiet = ['quiet-second@family.test', 'quiet-first@family.test', 'refunded@family.test']
    expect(await Promise.all(quiet.map(queuedTo))).toEqual([1, 0, 0])
    expect((await smtp.waitFor((m) => m.to.includes('quiet-second@family.test'))).subject).toBe(paid.subject)
    // Last season has not ended: its members are still members.
    expect(await statusOf(admin, ids.paidLast)).toBe('active')
    // The Members tab's "not yet renewed": the same two families.
    const notRenewed = (await admin.get(`/api/admin/members?season=${ids.next}&status=not-renewed`)).json
    expect(notRenewed.map((r: any) => r.household.name)).toEqual(['The Comped family', 'The Paid family', 'The Quiet family'])
  })

  it('lapses last season on the club’s day after it ends, then sends the next reminder 30 days before the deadline and never one twice', async () => {
    // The tasks run before a server answers (cms/start.ts). 11:20 PM on July 31 in Chicago, already August 1 in UTC:
    // the season's last day, its members still members.
    let admin = await restartAt('2031-08-01T04:20:00Z')
    expect(await statusOf(admin, ids.paidLast)).toBe('active')
    expect(await statusOf(admin, ids.compedLast)).toBe('comped')
    // 12:40 AM on August 1 in Chicago: the day after it ends.
    admin = await restartAt('2031-08-01T05:40:00Z')
    expect(await statusOf(admin, ids.paidLast)).toBe('lapsed')
    expect(await statusOf(admin, ids.compedLast)).toBe('lapsed')
    // The deadline is September 30. 11:20 PM on August 30 in Chicago (already August 31 in UTC): 31 days before it,
    // the queue read back holds only the first reminders; 12:40 AM on August 31, 30 days before, the second ones.
    admin = await restartAt('2031-08-31T04:20:00Z')
    expect(await queuedReminders(admin)).toEqual(reminders(['opens']))
    // This season's Family level taken off offer meanwhile: the next reminders' links name no level, only the athletes.
    const onOffer = async (value: boolean) =>
      expect((await admin.patch(`/cms-api/membership-levels/${ids.nextFamily}`, { onOffer: value })).status).toBe(200)
    await onOffer(false)
    admin = await restartAt('2031-08-31T05:40:00Z')
    expect(await queuedReminders(admin)).toEqual(reminders(['opens', '30-days']))
    // Sent before the server stops (a mail this server is sending is not another's to send until its claim lapses).
    const sentEach = (n: number) => () => lastSeasonsMembers.every((to) => renewals(to).length === n)
    await smtp.waitFor(sentEach(2))
    expect(renewals('paid@family.test')[1].text).toContain('/join?athletes=2\n')
    await onOffer(true)
    // 11:20 PM on September 22, 8 days before: nothing more; 12:40 AM on September 23, 7 days before, the third.
    admin = await restartAt('2031-09-23T04:20:00Z')
    expect(await queuedReminders(admin)).toEqual(reminders(['opens', '30-days']))
    admin = await restartAt('2031-09-23T05:40:00Z')
    expect(await queuedReminders(admin)).toEqual(reminders(['opens', '30-days', '7-days']))
    await smtp.waitFor(sentEach(3))
    expect(await statusOf(admin, ids.paidLast)).toBe('lapsed')
    expect(await statusOf(admin, ids.compedLast)).toBe('lapsed')
    // The unpaid membership of the new season waits for its deadline and grace days.
    expect(await statusOf(admin, ids.pendingNext)).toBe('pending')
  })

  it('lapses an unpaid membership after the deadline and its grace days, and sends no reminder after the deadline', async () => {
    // Deadline September 30 and 14 grace days: October 14 is the last day to pay. 11:20 PM that day in Chicago
    // (already October 15 in UTC), still pending; 12:40 AM on October 15, lapsed.
    let admin = await restartAt('2031-10-15T04:20:00Z')
    expect(await statusOf(admin, ids.pendingNext)).toBe('pending')
    admin = await restartAt('2031-10-15T05:40:00Z')
    expect(await statusOf(admin, ids.pendingNext)).toBe('lapsed')
    // The task reminds before it lapses: by now it has queued all it will, three reminders to each of three families.
    expect(await queuedReminders(admin)).toEqual(reminders(['opens', '30-days', '7-days']))
    // Once paid (cash, late), a lapsed membership is active again.
    const paid = await admin.post(`/api/admin/memberships/${ids.pendingNext}/payment`, {
      method: 'check',
      checkNumber: '301',
      receivedOn: clubDay(Date.now()),
    })
    expect(paid.status, paid.text).toBe(201)
    expect(await statusOf(admin, ids.pendingNext)).toBe('active')
    expect(renewals('paid@family.test')).toHaveLength(3)
  })
})
