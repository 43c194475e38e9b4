export default function HomePage() {
  return <main><h1>HomePage (placeholder)</h1></main>
}
