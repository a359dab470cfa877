import type { Media } from '../api/types'

/**
 * A media image at its card size (640 × 360, made by Payload at upload) with its width and height,
 * so the browser keeps its room before it arrives and nothing below it moves. `priority` for the
 * image that is the page's largest paint: fetched first instead of lazily.
 */
export function CardImage({ media, className, priority = false }: { media: Media; className: string; priority?: boolean }) {
  const card = media.sizes?.card?.url ? media.sizes.card : media
  if (!card.url) return null
  return (
    <img
      className={className}
      src={card.url}
      alt={media.alt ?? ''}
      width={card.width ?? undefined}
      height={card.height ?? undefined}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  )
}
