export default function NotFoundPage() {
  return <main><h1>NotFoundPage (placeholder)</h1></main>
}
