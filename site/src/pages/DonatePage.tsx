export default function DonatePage() {
  return <main><h1>DonatePage (placeholder)</h1></main>
}
