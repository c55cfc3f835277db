import Shop
import Testing

@Suite struct BasketTests {
  @Test func addsPricesUp() {
    var basket = Basket()
    basket.add(300)
    basket.add(200)
    #expect(basket.total == 500)
  }

  @Test func ignoresFreeItems() {
    var basket = Basket()
    basket.add(0)
    #expect(basket.prices.isEmpty)
  }

  @Test func membersGetTenPercentOffFromAThousand() {
    var basket = Basket()
    basket.isMember = true
    basket.add(2000)
    #expect(basket.total == 1800)
  }

  @Test func labelsCountItems() {
    var basket = Basket()
    basket.add(100)
    #expect(basket.label() == "1 item")
  }

  @Test func lastIsTheItemAddedLast() {
    var basket = Basket()
    basket.add(100)
    basket.add(200)
    #expect(basket.last == 200)
  }

  @Test func greetsByName() {
    #expect(Basket().greeting("Ada").hasSuffix("Ada"))
  }
}
