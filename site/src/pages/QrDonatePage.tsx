export default function QrDonatePage() {
  return <main><h1>QrDonatePage (placeholder)</h1></main>
}
