export default function SponsorPage() {
  return <main><h1>SponsorPage (placeholder)</h1></main>
}
