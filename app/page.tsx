export default function Home() {
  return <main>Stigmem Health</main>;
}
