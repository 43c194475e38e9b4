/* Payload's generated admin page (templates/blank), with the config imported by path. */
import type { Metadata } from 'next'
import config from '@payload-config'
import { generatePageMetadata, RootPage } from '@payloadcms/next/views'
import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { getPayload } from 'payload'
import { refusalFor, refusedPath } from '#admin/views/Refused.tsx'
import { importMap } from '../importMap.js'

type Args = {
  params: Promise<{ segments: string[] }>
  searchParams: Promise<{ [key: string]: string | string[] }>
}

export const generateMetadata = ({ params, searchParams }: Args): Promise<Metadata> =>
  generatePageMetadata({ config, params, searchParams })

const Page = async ({ params, searchParams }: Args) => {
  // A collection the account may not open, or may not add to, is refused in words (views/Refused.tsx).
  const refusal = await refusalFor(await getPayload({ config }), await headers(), (await params).segments)
  if (refusal) redirect(refusedPath(refusal))
  return RootPage({ config, params, searchParams, importMap })
}

export default Page
